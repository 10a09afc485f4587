/**
 * The mosque's own documents as the widget uses them: search (site-search.ts), for each
 * passage the label and link shown in "From this mosque" and behind a `[site:N]` citation,
 * and that section's template. A lazy chunk: pages of a proxy without site documents never
 * download it.
 */
import type { SiteArtefact } from '../../data/site/site-artefact-reader.js';
import type { CSSResult, nothing, TemplateResult } from 'lit';
import { siteResultsStyles } from './site-results.styles.js';
import type { Translate } from '../i18n/ui-language.js';
import { siteResultsTemplate, type SitePassageView } from './site-results-template.js';

export type { SitePassageView };
import { siteDocumentHref } from '../../data/site/site-link.js';
import { createSiteSearch, type SiteHit, type SiteQuery } from '../../data/site/site-search.js';
import type { SiteChunk } from '../../data/site/site-types.js';

/** What the answer checks need to check `[site:N]` citations and label them. */
export interface SiteCitationView {
  readonly chunkCount: number;
  readonly retrieved: { has(id: number): boolean };
  passage(id: number): SitePassageView | undefined;
}

export interface SiteKnowledge {
  /** The artefact's version, sent with the passage ids so the proxy reads the same passages. */
  readonly version: string;
  readonly chunkCount: number;
  search(query: SiteQuery): SiteHit[];
  /**
   * Passages for a question: by keyword, and by meaning when the query vector comes from the
   * embedder that built the site vectors (`embedderId`: the served index's id, or null).
   */
  searchQuestion(text: string, vector: Float32Array | undefined, embedderId: string | null): SiteHit[];
  /** For an answer's `[site:N]` checks: `retrieved` the passages it was given, or 'any' when that is not known (an earlier answer). */
  citations(retrieved: ReadonlySet<number> | 'any', baseUrl: string | undefined): SiteCitationView;
  /** @param baseUrl where the site owner publishes the documents (attribute or SITE_BASE_URL); no link without it */
  passage(id: number, baseUrl: string | undefined): SitePassageView | undefined;
  /** "From this mosque" for these hits (nothing when there are none); here so the element loads it only with the site. */
  render(hits: readonly SiteHit[], baseUrl: string | undefined, t: Translate): TemplateResult | typeof nothing;
  /** The styles of that section and of `[site:N]` citations, for the element to adopt. */
  readonly styles: CSSResult;
}

export function passageLabel(chunk: Pick<SiteChunk, 'title' | 'headings'>): string {
  return [chunk.title, ...chunk.headings].join(' › ');
}

export function createSiteKnowledge(site: SiteArtefact): SiteKnowledge {
  const search = createSiteSearch({ chunks: site.chunks, vectors: site.vectors, vectorInfo: site.manifest.vectors });
  const docs = new Map(site.manifest.documents.map((d) => [d.doc, d]));
  const knowledge: SiteKnowledge = {
    version: site.manifest.version,
    chunkCount: site.chunks.length,
    search: (query) => search.search(query),
    searchQuestion: (text, vector, embedderId) => search.search({ text, ...(vector && embedderId ? { vector: { embedderId, values: vector } } : {}) }),
    citations: (retrieved, baseUrl) => ({
      chunkCount: site.chunks.length,
      retrieved: retrieved === 'any' ? { has: () => true } : retrieved,
      passage: (id) => knowledge.passage(id, baseUrl),
    }),
    passage(id, baseUrl) {
      const chunk = site.chunks[id];
      if (!chunk) return undefined;
      const doc = docs.get(chunk.doc);
      const href = doc ? siteDocumentHref(baseUrl, doc, chunk) : undefined;
      return { label: passageLabel(chunk), ...(href ? { href } : {}) };
    },
    render: (hits, baseUrl, t) => siteResultsTemplate(hits, knowledge, baseUrl, t),
    styles: siteResultsStyles,
  };
  return knowledge;
}
