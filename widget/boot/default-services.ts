/** The real collaborators: network, the IndexedDB data cache, the search engine, idb history. */
import type { LocalModelProgressListener } from '../../data/embed/local-embedder-progress.js';
import { adaptSearchEngine } from '../asking/search-engine-adapter.js';
import { createWorkerBackedSearchEngine } from '../asking/worker-backed-search-engine.js';
import { pageSiteCachePort } from '../site/site-cache-port.js';
import { loadQuranData, loadTranslationTrack, vectorSearchReady, verifiedVectorBytes } from '../data-cache/load-quran-data.js';
import type { QueryEmbedder } from '../asking/search-engine-port.js';
import type { WidgetServices } from './widget-services.js';

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
      return m.createBrowserQueryEmbedder({ modelBase: urls.proxyModelBase(proxy), wasmBase: urls.proxyWasmBase(proxy), manifest, ...(onProgress ? { onProgress } : {}) });
    });
    const e = await embedder.catch((err: unknown) => {
      embedder = undefined;
      throw err;
    });
    return e.embed(text, signal);
  };
}

export const defaultServices: WidgetServices = {
  fetch: (input, init) => globalThis.fetch(input, init),
  loadQuranData,
  loadTranslationTrack,
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
      vectorBytes: verifiedVectorBytes,
      vectorsReady: vectorSearchReady,
    }),
  createBrowserQueryEmbedder: browserQueryEmbedder,
  openConversationStore: async () => (await import('../history/conversation-store.js')).openConversationStore(),
  loadSiteKnowledge: async (manifestUrl, version, signal) => {
    const { openSiteKnowledge } = await import('../site/open-site-knowledge.js');
    return openSiteKnowledge(manifestUrl, version, pageSiteCachePort(), signal);
  },
};
