/**
 * The search engine of data/search, restored from the index snapshots stored with the corpus
 * (when `loadQuranData` found them) instead of built, and saving a snapshot of every index it
 * does have to build. Same interface and results as `createSearchEngine`; for the main-thread
 * path (no Worker) and anything else that searches on the page.
 *
 * @example
 * const data = await loadQuranData({ dataBase, tracks: ['en'] });
 * const engine = createCachedSearchEngine(data.corpus); // repeat visit: no BM25 build
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import { createSearchEngine, type SearchEngine, type SearchEngineOptions } from '../../data/search/search-engine.js';
import type { DataStore } from '../data-cache/data-store.js';
import { laterLexicalSnapshotsOf, lexicalSnapshotsOf } from './lexical-snapshot-store.js';
import { createSnapshotSaver, type SaveScheduler } from './lexical-snapshot-saver.js';
import { openDataStores } from '../data-cache/open-data-stores.js';

export interface CachedSearchEngineOptions {
  /** Overrides of the engine's `DEFAULT_SEARCH_OPTIONS`. Default none. */
  readonly search?: Partial<SearchEngineOptions>;
  /**
   * Snapshots to restore from. Default: those `loadQuranData` read with this corpus, and the
   * ones it is still reading (imported when they arrive, unless that index was built meanwhile).
   */
  readonly snapshots?: Iterable<Uint8Array>;
  /** Where new snapshots are saved. Default: the page's data stores (IndexedDB, else memory). */
  readonly stores?: Promise<readonly DataStore[]>;
  /** When a save runs. Default: an idle moment. */
  readonly schedule?: SaveScheduler;
}

export function createCachedSearchEngine(corpus: Corpus, options: CachedSearchEngineOptions = {}): SearchEngine {
  const engine = createSearchEngine(corpus, options.search);
  const offer = (bytes: Uint8Array) => {
    const answer = engine.importSnapshot(bytes);
    if (!answer.accepted) console.info(`quran-dai: a cached search index was not used (${answer.reason})`);
  };
  if (options.snapshots) for (const bytes of options.snapshots) offer(bytes);
  else {
    lexicalSnapshotsOf(corpus).forEach(offer);
    void laterLexicalSnapshotsOf(corpus).then((late) => late.forEach(offer));
  }
  const noticeBuilds = createSnapshotSaver({ engine, manifest: corpus.manifest, stores: options.stores ?? openDataStores(), schedule: options.schedule });
  const noticing =
    <A extends unknown[], R>(fn: (...args: A) => R) =>
    (...args: A): R => {
      const result = fn(...args);
      noticeBuilds();
      return result;
    };
  return {
    ...engine,
    prepare: noticing(engine.prepare),
    lexical: noticing(engine.lexical),
    hybrid: noticing(engine.hybrid),
    exportSnapshot: noticing(engine.exportSnapshot),
  };
}
