/**
 * Everything the widget needs before it can search: the corpus (Arabic, search text, the
 * chosen translations) and, when configured, the vector index. First visit downloads,
 * verifies and stores them in IndexedDB; later visits read IndexedDB and fetch only the
 * small manifests (and nothing at all works offline from the cache).
 *
 * @example
 * const { corpus, vectorSearch } = await loadQuranData({
 *   dataBase: 'https://proxy.example/data', tracks: ['en'],
 *   index: { id: 'gemini-embedding-001-768', manifestUrl: 'https://proxy.example/data/index/gemini-embedding-001-768/manifest.json' },
 *   onProgress: ({ loaded, total, phase }) => bar.update(phase, loaded / total),
 * });
 */
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import type { DataLoadProgressListener } from './data-load-progress.js';
import { combineProgress } from './combine-progress.js';
import { addCorpusTrack, loadCorpusData } from './load-corpus-data.js';
import { loadVectorIndexData } from './load-vector-index-data.js';
import { isAbortError } from './data-load-error.js';
import { openDataStores } from './open-data-stores.js';
import { shareInFlight } from './share-in-flight.js';
import { vectorSearchFromIndexData } from './vector-search-from-index-data.js';

export type { DataLoadProgress, DataLoadPhase, DataLoadProgressListener } from './data-load-progress.js';
export { DataLoadError } from './data-load-error.js';

export interface LoadQuranDataOptions {
  /** Base URL of the data directory (holds `corpus/manifest.json`), e.g. `${proxy}/data`. */
  dataBase: string;
  /** Translation tracks to load now; more can be added with `loadTranslationTrack`. */
  tracks: TextTrackId[];
  /** Vector index to load, or null/undefined for lexical search only. */
  index?: { id: string; manifestUrl: string } | null;
  onProgress?: DataLoadProgressListener;
  signal?: AbortSignal;
}

export interface QuranData {
  corpus: Corpus;
  /** Null when no index is configured, it could not be loaded, or it does not match the corpus. */
  vectorSearch: VectorSearch | null;
  indexManifest: VectorIndexManifest | null;
  /** True when no data file was downloaded (everything came from the cache). */
  fromCache: boolean;
}

export function loadQuranData(options: LoadQuranDataOptions): Promise<QuranData> {
  const key = JSON.stringify([options.dataBase, [...options.tracks].sort(), options.index ?? null]);
  return shareInFlight(key, options, (onProgress, signal) => loadQuranDataOnce({ ...options, onProgress, signal }));
}

async function loadQuranDataOnce(options: LoadQuranDataOptions): Promise<QuranData> {
  const stores = openDataStores();
  const progress = combineProgress(options.onProgress, ['corpus', 'index']);
  // Corpus and index load side by side: on a repeat visit both are IndexedDB reads.
  const corpusLoading = loadCorpusData({
    dataBase: options.dataBase,
    tracks: options.tracks,
    stores,
    onProgress: progress.corpus,
    signal: options.signal,
  });
  const indexLoading = options.index
    ? loadVectorIndexData({ index: options.index, stores, onProgress: progress.index, signal: options.signal }).catch((e: unknown) => {
        if (isAbortError(e)) throw e;
        console.warn(`quran-dai: vector index not used: ${(e as Error).message}`);
        return null;
      })
    : Promise.resolve(null);
  // Settle both before throwing, so no load is left running unobserved.
  const [corpusSettled, indexSettled] = await Promise.allSettled([corpusLoading, indexLoading]);
  if (corpusSettled.status === 'rejected') throw corpusSettled.reason;
  if (indexSettled.status === 'rejected') throw indexSettled.reason;
  const corpusData = corpusSettled.value;
  let indexData = indexSettled.value;
  let vectorSearch: VectorSearch | null = null;
  if (indexData && indexData.manifest.corpusVersion !== corpusData.corpus.version) {
    console.warn(`quran-dai: vector index ${indexData.manifest.id} was built from corpus ${indexData.manifest.corpusVersion}, not ${corpusData.corpus.version}; rebuild it with npm run build:index. Using keyword search only.`);
    indexData = null;
  }
  if (indexData) {
    try {
      globalThis.performance?.mark?.('quran-dai:index-bytes');
      vectorSearch = await vectorSearchFromIndexData(indexData.manifest, indexData.files);
      globalThis.performance?.mark?.('quran-dai:index-search');
      const file = indexData.manifest.files[0];
      const bytes = file && indexData.files.get(file.path);
      if (bytes) vectorBytes.set(indexData.manifest, bytes);
    } catch (e) {
      console.warn(`quran-dai: vector index not used: ${(e as Error).message}`);
      indexData = null;
    }
  }
  return {
    corpus: corpusData.corpus,
    vectorSearch,
    indexManifest: vectorSearch ? indexData!.manifest : null,
    fromCache: corpusData.downloaded === 0 && (indexData?.downloaded ?? 0) === 0,
  };
}

const vectorBytes = new WeakMap<VectorIndexManifest, Uint8Array>();

/** The verified vector file of a loaded index, for handing to the search worker (ADR 0004). */
export function verifiedVectorBytes(manifest: VectorIndexManifest): Uint8Array | undefined {
  return vectorBytes.get(manifest);
}

export interface LoadTranslationTrackOptions {
  /** Same `dataBase` as given to `loadQuranData`. */
  dataBase: string;
  corpus: Corpus;
  track: TextTrackId;
  onProgress?: DataLoadProgressListener;
  signal?: AbortSignal;
}

/** Add a translation the visitor switched to; cached like the rest of the corpus. */
export async function loadTranslationTrack(options: LoadTranslationTrackOptions): Promise<void> {
  await addCorpusTrack(options.corpus, options.track, {
    dataBase: options.dataBase,
    stores: await openDataStores(),
    onProgress: options.onProgress,
    signal: options.signal,
  });
}
