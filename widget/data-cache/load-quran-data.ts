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
import type { ExplanationLang, TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import type { DataLoadProgressListener } from './data-load-progress.js';
import { combineProgress } from './combine-progress.js';
import { addCorpusExplanation, addCorpusTrack, loadCorpusData } from './load-corpus-data.js';
import type { VectorIndexData } from './load-vector-index-data.js';
import { DeferredVectorSearch } from './deferred-vector-search.js';
import { isAbortError } from '../api/abort-error.js';
import { readLexicalSnapshots, rememberLexicalSnapshots } from '../snapshots/lexical-snapshot-store.js';
import { openDataStores } from './open-data-stores.js';
import { shareInFlight } from './share-in-flight.js';

export type { DataLoadProgress, DataLoadPhase, DataLoadProgressListener } from './data-load-progress.js';
export { DataLoadError } from './data-load-error.js';
export { vectorSearchReady } from './deferred-vector-search.js';
export { vectorSearchRefined } from './refining-vector-search.js';
import { RefiningVectorSearch } from './refining-vector-search.js';
// Not re-exported here: createCachedSearchEngine (cached-search-engine.ts) pulls the whole
// search engine into the widget's main chunk; the widget loads it lazily, for the no-Worker fallback.
export { lexicalSnapshotsOf } from '../snapshots/lexical-snapshot-store.js';

export interface LoadQuranDataOptions {
  /** Base URL of the data directory (holds `corpus/manifest.json`), e.g. `${proxy}/data`. */
  dataBase: string;
  /** Translation tracks to load now; more can be added with `loadTranslationTrack`. */
  tracks: TextTrackId[];
  /** Vector index to load, or null/undefined for lexical search only. */
  index?: { id: string; manifestUrl: string } | null;
  onProgress?: DataLoadProgressListener;
  signal?: AbortSignal;
  /** The corpus manifest's response, asked for before this code loaded (early-response.ts). */
  earlyCorpusManifest?: Promise<Response>;
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
    ...(options.earlyCorpusManifest ? { earlyManifest: options.earlyCorpusManifest } : {}),
  });
  let downloadingIndex: ((manifest: VectorIndexManifest) => void) | undefined;
  const indexDownloadStarted = new Promise<VectorIndexManifest>((resolve) => (downloadingIndex = resolve));
  const index = options.index;
  // The index's reader loads beside the corpus, not with the page: a keyword-only site never
  // downloads it, and the first load stays small.
  const indexLoading: Promise<LoadedIndex | null> = index
    ? import('./load-vector-index-data.js')
        .then(({ loadVectorIndexData }) =>
          loadVectorIndexData({
            index,
            stores,
            // The bar tracks what the visitor waits for: the corpus. A downloading index does not hold
            // the promise back (see DeferredVectorSearch), so its bytes are not on the bar.
            onProgress: (p) => p.phase !== 'download' && progress.index?.(p),
            signal: options.signal,
            onDownloadStart: downloadingIndex,
            // On a first visit the corpus has the link to itself: keyword results come first (on
            // Fast 3G the two downloads side by side made the first results wait 6 s instead of 3).
            downloadAfter: corpusLoading,
          }),
        )
        .then((data) => (data ? indexToSearch(data) : null))
        .catch((e: unknown) => {
          if (isAbortError(e)) throw e;
          console.warn(`quran-dai: vector index not used: ${(e as Error).message}`);
          return null;
        })
    : Promise.resolve(null);
  // The index keeps loading when the corpus fails; its outcome is handled, never unobserved.
  indexLoading.catch(() => undefined);
  const corpusData = await corpusLoading;
  // The Arabic index snapshot (the largest, and not needed for the first English question) is
  // read after the corpus, so it does not delay "ready"; a repeat visit only.
  const laterSnapshots =
    corpusData.downloaded === 0
      ? stores
          .then((s) => readLexicalSnapshots(s, corpusData.corpus.manifest, ['arabic-search']))
          .then(
            (m) => [...m.values()],
            () => [],
          )
      : Promise.resolve([]);
  rememberLexicalSnapshots(corpusData.corpus, corpusData.snapshots.values(), laterSnapshots);
  const corpusVersion = corpusData.corpus.version;
  const fromStoreOrDownload = await Promise.race([indexLoading, indexDownloadStarted.then((manifest) => ({ downloading: manifest }))]);

  if (fromStoreOrDownload && 'downloading' in fromStoreOrDownload) {
    // First visit: do not hold keyword search back for the (much larger) vector file.
    const manifest = fromStoreOrDownload.downloading;
    if (manifest.corpusVersion !== corpusVersion) return { corpus: corpusData.corpus, ...noIndexFor(manifest, corpusVersion), fromCache: false };
    const deferred = new DeferredVectorSearch(
      manifest.dims,
      indexLoading.then((loaded) => (loaded && loaded.manifest.corpusVersion === corpusVersion ? loaded.search : null)),
    );
    return { corpus: corpusData.corpus, vectorSearch: deferred, indexManifest: manifest, fromCache: false };
  }
  const loaded = fromStoreOrDownload;
  if (loaded && loaded.manifest.corpusVersion !== corpusVersion)
    return { corpus: corpusData.corpus, ...noIndexFor(loaded.manifest, corpusVersion), fromCache: corpusData.downloaded === 0 };
  return {
    corpus: corpusData.corpus,
    vectorSearch: loaded?.search ?? null,
    indexManifest: loaded?.manifest ?? null,
    fromCache: corpusData.downloaded === 0 && (loaded?.downloaded ?? 0) === 0,
  };
}

interface LoadedIndex {
  readonly manifest: VectorIndexManifest;
  readonly search: VectorSearch;
  readonly downloaded: number;
}

async function indexToSearch(data: VectorIndexData): Promise<LoadedIndex | null> {
  try {
    globalThis.performance?.mark?.('quran-dai:index-bytes');
    // The vector scan (and its inline SIMD kernel) loads with the index, not with the page.
    const { vectorSearchFromIndexData } = await import('./vector-search-from-index-data.js');
    const search = await vectorSearchFromIndexData(data.manifest, data.files);
    globalThis.performance?.mark?.('quran-dai:index-search');
    vectorFiles.set(data.manifest, data.files);
    if (!data.refined) return { manifest: data.manifest, search, downloaded: data.downloaded };
    // A staged index: searchable now with its signs, exact once its magnitudes are in.
    const exact = data.refined
      .then(async (whole) => {
        if (!whole) return null;
        const refined = await vectorSearchFromIndexData(whole.manifest, whole.files);
        vectorFiles.set(data.manifest, whole.files);
        globalThis.performance?.mark?.('quran-dai:index-refined');
        return refined;
      })
      .catch((e: unknown) => {
        console.warn(`quran-dai: meaning search stays coarse (${(e as Error).message})`);
        return null;
      });
    return { manifest: data.manifest, search: new RefiningVectorSearch(search, exact), downloaded: data.downloaded };
  } catch (e) {
    console.warn(`quran-dai: vector index not used: ${(e as Error).message}`);
    return null;
  }
}

function noIndexFor(manifest: VectorIndexManifest, corpusVersion: string): { vectorSearch: null; indexManifest: null } {
  console.warn(
    `quran-dai: vector index ${manifest.id} was built from corpus ${manifest.corpusVersion}, not ${corpusVersion}; rebuild it with npm run build:index. Using keyword search only.`,
  );
  return { vectorSearch: null, indexManifest: null };
}

const vectorFiles = new WeakMap<VectorIndexManifest, ReadonlyMap<string, Uint8Array>>();

/** The verified vector files of a loaded index by path (a staged index's signs, then every file), for handing to the search worker (ADR 0004). */
export function verifiedVectorFiles(manifest: VectorIndexManifest): ReadonlyMap<string, Uint8Array> | undefined {
  return vectorFiles.get(manifest);
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

export interface LoadVerseExplanationOptions {
  /** Same `dataBase` as given to `loadQuranData`. */
  dataBase: string;
  corpus: Corpus;
  lang: ExplanationLang;
  signal?: AbortSignal;
}

/** Add the verse explanation in `lang` (after the first results); cached like the rest of the corpus. */
export async function loadVerseExplanation(options: LoadVerseExplanationOptions): Promise<void> {
  await addCorpusExplanation(options.corpus, options.lang, { dataBase: options.dataBase, stores: await openDataStores(), signal: options.signal });
}
