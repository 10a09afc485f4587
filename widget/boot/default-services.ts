/** The real collaborators: network, the IndexedDB data cache, the search engine, idb history. */
import type { LocalModelProgressListener } from '../../data/embed/local-embedder-progress.js';
import { adaptSearchEngine } from '../asking/search-engine-adapter.js';
import { createWorkerBackedSearchEngine } from '../asking/worker-backed-search-engine.js';
import type { QueryEmbedder } from '../asking/search-engine-port.js';
import type { WidgetServices } from './widget-services.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import { requestCorpusManifestEarly, takeEarlyCorpusManifest } from '../data-cache/early-response.js';
import { importDataCode } from '../data-cache/import-data-code.js';

/** Browser query embedding for a local-model index; the model runtime loads on the first question. */
function browserQueryEmbedder(
  proxy: string,
  manifest: Parameters<WidgetServices['createBrowserQueryEmbedder']>[1],
  onProgress?: LocalModelProgressListener,
): QueryEmbedder {
  let embedder: Promise<{ embed(text: string, signal?: AbortSignal): Promise<Float32Array> }> | undefined;
  return async (text, signal) => {
    embedder ??= import('../local-embedding/browser-query-embedder.js').then(async (m) => {
      const urls = await import('../local-embedding/proxy-model-urls.js');
      return m.createBrowserQueryEmbedder({
        modelBase: urls.proxyModelBase(proxy),
        wasmBase: urls.proxyWasmBase(proxy),
        manifest,
        ...(onProgress ? { onProgress } : {}),
      });
    });
    const e = await embedder.catch((err: unknown) => {
      embedder = undefined;
      throw err;
    });
    return e.embed(text, signal);
  };
}

type QuranDataModule = typeof import('../data-cache/load-quran-data.js');
let quranDataModule: Promise<QuranDataModule> | undefined;
/** Set once the data code has loaded: the search engine is made only after the data is. */
let loadedQuranDataModule: QuranDataModule | undefined;

/**
 * The data-cache code (manifests, verification, IndexedDB, snapshots: ~13 KB gzip) loads
 * right after the element is defined instead of before it, so the widget paints first.
 */
function quranData(): Promise<QuranDataModule> {
  quranDataModule ??= importDataCode().then(
    (m) => (loadedQuranDataModule = m),
    (e: unknown) => {
      quranDataModule = undefined; // a failed download is tried again on the next load (a reload of the widget's data)
      throw e;
    },
  );
  return quranDataModule;
}

/** Topic loads under way or done, by data folder and index: shared by the widgets of a page. */
const topicLoads = new Map<string, Promise<TopicData | null>>();

// Requested as soon as the widget's script has run, beside its first render and its config
// request, so the data download does not wait one more round trip for this code.
if (typeof document !== 'undefined') void quranData().catch(() => undefined);

export const defaultServices: WidgetServices = {
  fetch: (input, init) => globalThis.fetch(input, init),
  loadQuranData: async (options) => {
    const earlyCorpusManifest = takeEarlyCorpusManifest(options.dataBase);
    return (await quranData()).loadQuranData({ ...options, ...(earlyCorpusManifest ? { earlyCorpusManifest } : {}) });
  },
  requestDataEarly: (dataBase) => requestCorpusManifestEarly(dataBase),
  loadTranslationTrack: async (options) => (await quranData()).loadTranslationTrack(options),
  loadVerseExplanation: async (options) => (await quranData()).loadVerseExplanation(options),
  // ADR 0004: BM25 builds and queries in the search Worker; on the page only if no Worker can start.
  createSearchEngine: (corpus, vectorSearch, indexManifest) =>
    createWorkerBackedSearchEngine({
      corpus,
      vectorSearch,
      indexManifest,
      // The worker's starter and the visitor's history load beside the data, not before the widget shows.
      startWorker: async (options) => (await import('../search-worker/start-search-worker.js')).startSearchWorker(options),
      // A lazy chunk (~18 KB gzip): only pages where no Worker can start download the engine.
      // It restores the index snapshots stored with the corpus instead of building (repeat visits).
      inPage: async () => {
        const { createCachedSearchEngine } = await import('../snapshots/cached-search-engine.js');
        return adaptSearchEngine(createCachedSearchEngine(corpus), corpus, vectorSearch, indexManifest);
      },
      vectorFiles: (manifest) => loadedQuranDataModule?.verifiedVectorFiles(manifest),
      vectorsReady: async (vectorSearch) => (await quranData()).vectorSearchReady(vectorSearch),
      vectorsRefined: async (vectorSearch) => (await quranData()).vectorSearchRefined(vectorSearch),
    }),
  createBrowserQueryEmbedder: browserQueryEmbedder,
  openConversationStore: async () => (await import('../history/conversation-store.js')).openConversationStore(),
  loadTopics: (dataBase, indexManifestUrl, signal, lang) => {
    // Every widget of one language on a page shares one load (the demo page has two): one download, one stored copy.
    const key = JSON.stringify([dataBase, indexManifestUrl, lang ?? null]);
    let loading = topicLoads.get(key);
    if (!loading) {
      loading = Promise.all([import('../data-cache/load-topic-data.js'), import('../data-cache/open-data-stores.js')]).then(
        ([{ loadTopicData }, { openDataStores }]) =>
          loadTopicData({ dataBase, indexManifestUrl, stores: openDataStores(), ...(signal ? { signal } : {}), ...(lang ? { lang } : {}) }),
      );
      topicLoads.set(key, loading);
      // A failed or aborted load is tried again by the next widget or boot.
      loading.then(
        (t) => t ?? topicLoads.delete(key),
        () => topicLoads.delete(key),
      );
    }
    return loading;
  },
  loadSiteKnowledge: async (manifestUrl, version, signal) => {
    const [{ openSiteKnowledge }, { pageSiteCachePort }] = await Promise.all([import('../site/open-site-knowledge.js'), import('../site/site-cache-port.js')]);
    return openSiteKnowledge(manifestUrl, version, pageSiteCachePort(), signal);
  },
};
