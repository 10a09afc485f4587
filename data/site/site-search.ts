/**
 * Search over the mosque's own passages: keyword search with the verse engine's BM25 and
 * English analyzer (the same stop words, stemming and glossary, so "Jumu'ah", "Friday prayer"
 * and "sisters' entrance" are read as they are for verses), plus cosine search over the chunk
 * vectors when the query was embedded by the embedder that built them, fused by rank. Keyword
 * hits must cover enough of the question; vector hits pass the embedder's strict floor, or its
 * lower one when none does. A question that asks what the Quran says gets no site passages.
 * Pure and DOM-free: runs in Node, a Worker and the page.
 */
import { Bm25Index } from '../search/index/bm25-index.js';
import { createEnglishAnalyzer } from '../search/analysis/english-analyzer.js';
import { reciprocalRankFusion } from '../search/ranking/rank-fusion.js';
import { passFloors } from '../search/ranking/similarity-floor.js';
import type { QuantizedVectors } from '../index/int8-quantization.js';
import type { VectorHit } from '../index/vector-search.js';
import type { SiteChunk, SiteVectorInfo } from './site-types.js';
import { asksWhatTheQuranSays } from './quran-framing.js';

export type SiteHitSource = 'keyword' | 'vector';

export interface SiteHit {
  readonly chunk: SiteChunk;
  /** Fused rank score (higher is better); comparable only within one search. */
  readonly score: number;
  /** Which searches found it. */
  readonly sources: readonly SiteHitSource[];
}

export interface SiteSearchOptions {
  /** Passages returned. Default 3 (the prompt's site section stays short). */
  readonly k: number;
  /**
   * Share of the question's idf mass a keyword hit must match. Default 0.5: "When is
   * Jumu'ah?" matches in full, while a Quran question that shares one common word with a
   * class description does not (tuned on site-search-questions.ts over demo/site-docs).
   */
  readonly minKeywordCoverage: number;
  /** Candidates taken from each search before fusion. Default 10. */
  readonly candidates: number;
}

export const DEFAULT_SITE_SEARCH_OPTIONS: SiteSearchOptions = { k: 3, minKeywordCoverage: 0.5, candidates: 10 };

export interface SiteSearchInput {
  readonly chunks: readonly SiteChunk[];
  readonly vectors: QuantizedVectors | null;
  /** From the manifest; null without vectors. */
  readonly vectorInfo: SiteVectorInfo | null;
}

export interface SiteQuery {
  readonly text: string;
  /** The question's vector and the id of the embedder that made it (the served index's id). */
  readonly vector?: { readonly embedderId: string; readonly values: Float32Array };
}

export interface SiteSearch {
  /** True when `search` can use a query vector from this embedder. */
  acceptsVectorsFrom(embedderId: string): boolean;
  search(query: SiteQuery, options?: Partial<SiteSearchOptions>): SiteHit[];
}

/** The text a chunk is indexed as: where it sits, then what it says. */
export function siteChunkSearchText(chunk: Pick<SiteChunk, 'title' | 'headings' | 'text'>): string {
  return `${[chunk.title, ...chunk.headings].join(' › ')}\n\n${chunk.text}`;
}

/**
 * The text keyword search indexes: the chunk's own heading counts twice, since on a mosque's
 * pages the heading ("What should I wear?") says what the passage answers, and the body often
 * repeats words of neighbouring questions.
 */
export function siteChunkKeywordText(chunk: Pick<SiteChunk, 'title' | 'headings' | 'text'>): string {
  const heading = chunk.headings[chunk.headings.length - 1];
  return heading === undefined ? siteChunkSearchText(chunk) : `${heading}\n${siteChunkSearchText(chunk)}`;
}

export function createSiteSearch(input: SiteSearchInput, defaults: Partial<SiteSearchOptions> = {}): SiteSearch {
  const base = { ...DEFAULT_SITE_SEARCH_OPTIONS, ...defaults };
  const { chunks, vectors, vectorInfo } = input;
  const keyword = Bm25Index.build(chunks.map(siteChunkKeywordText), createEnglishAnalyzer());
  const vector = vectors && vectorInfo && vectors.count === chunks.length ? vectors : null;
  const acceptsVectorsFrom = (id: string) => vector !== null && vectorInfo!.id === id;
  return {
    acceptsVectorsFrom,
    search(query, options = {}) {
      const o = { ...base, ...options };
      // A question that asks what the Quran says is answered from verses only.
      if (chunks.length === 0 || asksWhatTheQuranSays(query.text)) return [];
      const keywordHits = keyword.searchText(query.text, o.candidates).filter((h) => h.coverage >= o.minKeywordCoverage - 1e-6);
      const rankings = [{ source: 'keyword', indices: keywordHits.map((h) => h.index) }];
      if (query.vector && acceptsVectorsFrom(query.vector.embedderId)) {
        const passed = passFloors(topCosines(vector!, query.vector.values, o.candidates), vectorInfo!.floors);
        rankings.push({ source: 'vector', indices: passed.map((h) => h.index) });
      }
      return reciprocalRankFusion(rankings)
        .slice(0, o.k)
        .map((f) => ({ chunk: chunks[f.index]!, score: f.score, sources: (['keyword', 'vector'] as const).filter((s) => f.ranks[s] !== undefined) }));
    },
  };
}

/**
 * The `k` passages nearest the query, best first. A plain scan: a mosque has tens to a few
 * thousand passages, and keeping the verse index's SIMD search out of this module keeps the
 * site code out of the widget's first-load chunks.
 */
function topCosines(vectors: QuantizedVectors, query: Float32Array, k: number): VectorHit[] {
  if (query.length !== vectors.dims) return [];
  const hits: VectorHit[] = [];
  for (let i = 0; i < vectors.count; i++) {
    let dot = 0;
    for (let j = 0, base = i * vectors.dims; j < vectors.dims; j++) dot += vectors.codes[base + j]! * query[j]!;
    hits.push({ index: i, score: dot * vectors.scales[i]! });
  }
  return hits.sort((a, b) => b.score - a.score || a.index - b.index).slice(0, k);
}
