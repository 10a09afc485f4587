/**
 * The search the widget builds after loading the data, as the probe measures it: the
 * retrieval engine from data/search/ (its BM25 index for a track is built on first use,
 * so "searchable" means one lexical query has been answered).
 */
import type { Corpus } from '../../../data/corpus/corpus.js';
import { createSearchEngine } from '../../../data/search/search-engine.js';

export interface ProbeSearch {
  /** Hit count of a lexical query. */
  count(query: string, lang: string): number;
  /** Build a track's BM25 index now; returns the ms it took (one main-thread task). */
  prepare(track: 'en' | 'arabic-search'): number;
}

export function buildProbeSearch(corpus: Corpus): ProbeSearch {
  const engine = createSearchEngine(corpus);
  return {
    count: (query, lang) => engine.lexical(query, { lang }).hits.length,
    prepare: (track) => {
      const t0 = performance.now();
      engine.prepare(track);
      return Math.round(performance.now() - t0);
    },
  };
}
