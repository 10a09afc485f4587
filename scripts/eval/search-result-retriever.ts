/**
 * Adapt anything that answers with the shared `SearchResult` (the real engine's lexical or
 * hybrid search) into a `VerseRetriever`: hits become verse keys, kind `none` an abstention.
 */
import type { SearchResult } from '../../data/search/search-result.js';
import { dedupeVerses, type RetrievalQuery, type VerseRetriever } from './verse-retriever.js';

export type SearchFn = (query: RetrievalQuery) => SearchResult | Promise<SearchResult>;

export function retrieverFromSearch(name: string, search: SearchFn): VerseRetriever {
  return {
    name,
    async retrieve(query) {
      const result = await search(query);
      if (result.kind === 'none') return { verses: [], abstained: true };
      return { verses: dedupeVerses(result.hits.map((h) => `${h.ref.surah}:${h.ref.ayah}`)), abstained: false };
    },
  };
}
