/**
 * Browser-side driver for the local-embedding browser tests: exposes
 * `window.localEmbeddingTest` so Playwright can embed with `createBrowserQueryEmbedder`
 * exactly as the widget does, against the page's own origin (`/models/`, `/runtime/ort/`).
 */
import type { IndexModelFields } from '../../../data/embed/local-embedder-compat.js';
import type { LocalModelProgress } from '../../../data/embed/local-embedder-progress.js';
import { createBrowserQueryEmbedder } from '../../local-embedding/browser-query-embedder.js';
import { proxyModelBase, proxyWasmBase } from '../../local-embedding/proxy-model-urls.js';

export interface ParityPageApi {
  /** Embeds `texts` as queries for `manifest`; returns the vectors and the progress events seen. */
  embed(manifest: IndexModelFields, texts: string[]): Promise<{ vectors: number[][]; progress: LocalModelProgress[] }>;
  /** Tries to load the model for `manifest`; returns the error's code and message. */
  loadError(manifest: IndexModelFields): Promise<{ name: string; code: string; message: string } | null>;
}

declare global {
  interface Window {
    localEmbeddingTest: ParityPageApi;
  }
}

const proxy = location.origin;

window.localEmbeddingTest = {
  async embed(manifest, texts) {
    const progress: LocalModelProgress[] = [];
    const embedder = createBrowserQueryEmbedder({
      modelBase: proxyModelBase(proxy),
      wasmBase: proxyWasmBase(proxy),
      manifest,
      onProgress: (p) => progress.push(p),
    });
    const vectors: number[][] = [];
    for (const text of texts) vectors.push(Array.from(await embedder.embed(text)));
    return { vectors, progress };
  },
  async loadError(manifest) {
    const embedder = createBrowserQueryEmbedder({ modelBase: proxyModelBase(proxy), wasmBase: proxyWasmBase(proxy), manifest });
    try {
      await embedder.load();
      return null;
    } catch (e) {
      const error = e as { name?: string; code?: string; message?: string };
      return { name: String(error.name), code: String(error.code), message: String(error.message) };
    }
  },
};
