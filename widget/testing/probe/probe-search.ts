/**
 * The search the widget builds after loading the data, as the probe measures it: the
 * retrieval engine from data/search/ (its BM25 index for a track is built on first use,
 * so "searchable" means one lexical query has been answered). With snapshots on (the
 * default, as the data cache does it), an index saved by an earlier visit is restored
 * instead of built; off, every index is built from the text (the path before snapshots).
 */
import type { Corpus } from '../../../data/corpus/corpus.js';
import { createSearchEngine, type IndexOrigin } from '../../../data/search/search-engine.js';
import { createCachedSearchEngine } from '../../snapshots/cached-search-engine.js';

export interface ProbeSearch {
  /** Hit count of a lexical query. */
  count(query: string, lang: string): number;
  /** Build (or restore) a track's BM25 index now; returns the ms it took (one main-thread task). */
  prepare(track: 'en' | 'arabic-search'): number;
  origin(track: 'en' | 'arabic-search'): IndexOrigin | undefined;
  /**
   * Run the snapshot saves the engine scheduled (the widget runs them when the page is idle,
   * after "ready") and return each saved snapshot's size in bytes.
   */
  saveSnapshots(): Promise<Record<string, number>>;
}

export function buildProbeSearch(corpus: Corpus, options: { readonly snapshots: boolean }): ProbeSearch {
  const saves: (() => Promise<void>)[] = [];
  const engine = options.snapshots ? createCachedSearchEngine(corpus, { schedule: (save) => saves.push(save) }) : createSearchEngine(corpus);
  return {
    count: (query, lang) => engine.lexical(query, { lang }).hits.length,
    prepare: (track) => {
      const t0 = performance.now();
      engine.prepare(track);
      return Math.round(performance.now() - t0);
    },
    origin: (track) => engine.indexOrigin(track),
    saveSnapshots: async () => {
      await Promise.all(saves.splice(0).map((save) => save()));
      const sizes: Record<string, number> = {};
      for (const track of ['en', 'arabic-search'] as const) if (engine.indexOrigin(track) === 'built') sizes[track] = engine.exportSnapshot(track).byteLength;
      return sizes;
    },
  };
}
