/**
 * The mosque's own documents as the widget uses them: search (site-search.ts), and for each
 * passage the label and link shown in "From this mosque" and behind a `[site:N]` citation.
 * DOM-free.
 */
import type { SiteArtefact } from '../../data/site/site-artefact-reader.js';
import { siteDocumentHref } from '../../data/site/site-link.js';
import { createSiteSearch, type SiteHit, type SiteQuery } from '../../data/site/site-search.js';
import type { SiteChunk } from '../../data/site/site-types.js';

export interface SitePassageView {
  /** `Opening times › Jumu'ah (Friday prayer)` */
  readonly label: string;
  /** The document on the mosque's site, at the passage's heading; absent without a base URL. */
  readonly href?: string;
}

export interface SiteKnowledge {
  /** The artefact's version, sent with the passage ids so the proxy reads the same passages. */
  readonly version: string;
  readonly chunkCount: number;
  search(query: SiteQuery): SiteHit[];
  passage(id: number): SitePassageView | undefined;
}

export function passageLabel(chunk: Pick<SiteChunk, 'title' | 'headings'>): string {
  return [chunk.title, ...chunk.headings].join(' › ');
}

/** @param baseUrl where the site owner publishes the documents (attribute or SITE_BASE_URL); no links without it */
export function createSiteKnowledge(site: SiteArtefact, baseUrl: string | undefined): SiteKnowledge {
  const search = createSiteSearch({ chunks: site.chunks, vectors: site.vectors, vectorInfo: site.manifest.vectors });
  const docs = new Map(site.manifest.documents.map((d) => [d.doc, d]));
  return {
    version: site.manifest.version,
    chunkCount: site.chunks.length,
    search: (query) => search.search(query),
    passage(id) {
      const chunk = site.chunks[id];
      if (!chunk) return undefined;
      const doc = docs.get(chunk.doc);
      const href = doc ? siteDocumentHref(baseUrl, doc, chunk) : undefined;
      return { label: passageLabel(chunk), ...(href ? { href } : {}) };
    },
  };
}
