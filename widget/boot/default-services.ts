/** The real collaborators: network, H-shell's data cache, H-lexical's engine, idb history. */
import { createSearchEngine } from '../../data/search/search-engine.js';
import { adaptSearchEngine } from '../asking/search-engine-adapter.js';
import { loadQuranData, loadTranslationTrack } from '../data-cache/load-quran-data.js';
import { openConversationStore } from '../history/conversation-store.js';
import type { QueryEmbedder } from '../asking/search-engine-port.js';
import type { WidgetServices } from './widget-services.js';

/** Browser query embedding for a local-model index; the model runtime loads on the first question. */
function browserQueryEmbedder(proxy: string, manifest: Parameters<WidgetServices['createBrowserQueryEmbedder']>[1]): QueryEmbedder {
  let embedder: Promise<{ embed(text: string, signal?: AbortSignal): Promise<Float32Array> }> | undefined;
  return async (text, signal) => {
    embedder ??= import('../local-embedding/browser-query-embedder.js').then(async (m) => {
      const urls = await import('../local-embedding/proxy-model-urls.js');
      return m.createBrowserQueryEmbedder({ modelBase: urls.proxyModelBase(proxy), wasmBase: urls.proxyWasmBase(proxy), manifest });
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
  createSearchEngine: (corpus, vectorSearch, indexManifest) => adaptSearchEngine(createSearchEngine(corpus), corpus, vectorSearch, indexManifest),
  createBrowserQueryEmbedder: browserQueryEmbedder,
  openConversationStore,
};
