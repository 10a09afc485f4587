/**
 * Which embedder embeds the site chunks: the one the served Quran index was built with, so the
 * single query vector the widget gets from `/api/embed` searches verses and site passages
 * alike. Configured like the proxy (EMBEDDINGS_BASE_URL / EMBEDDINGS_MODEL / EMBEDDINGS_API_KEY,
 * or GEMINI_API_KEY); without one the site is searched by keyword only, which is said, not hidden.
 */
import type { Embedder } from '../../data/embed/embedder.js';
import { GeminiEmbedder, type GeminiTaskType } from '../../data/embed/gemini-embedder.js';
import { OpenAICompatibleEmbedder } from '../../data/embed/openai-compatible-embedder.js';
import { embedderOptionsFromManifest } from '../../data/embed/openai-compatible-manifest.js';
import { TestHashingEmbedder } from '../../data/embed/test-hashing-embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { siteFloorsFor } from '../../data/site/site-floors.js';
import type { SiteVectorInfo } from '../../data/site/site-types.js';

export type SiteEmbedderChoice =
  | { readonly embedder: Embedder; readonly info: Omit<SiteVectorInfo, 'textHashes'> }
  | { readonly embedder: null; readonly reason: string };

export function chooseSiteEmbedder(
  index: VectorIndexManifest | null,
  env: Readonly<Record<string, string | undefined>>,
  fetchImpl?: typeof fetch,
): SiteEmbedderChoice {
  if (!index) return { embedder: null, reason: 'no vector index is built (npm run build:index), so site passages are searched by keyword only' };
  const info = { id: index.id, embedder: index.embedder, model: index.model, dims: index.dims, floors: siteFloorsFor(index.embedder, index.model) };
  const f = fetchImpl ? { fetch: fetchImpl } : {};
  switch (index.embedder) {
    case 'test-hashing':
      return { embedder: new TestHashingEmbedder({ dims: index.dims }), info };
    case 'gemini': {
      const apiKey = env.GEMINI_API_KEY?.trim();
      if (!apiKey) return { embedder: null, reason: `the index ${index.id} needs GEMINI_API_KEY to embed; site passages are searched by keyword only` };
      const baseURL = env.GEMINI_BASE_URL?.trim();
      return {
        embedder: new GeminiEmbedder({
          apiKey,
          model: index.model,
          dims: index.dims,
          documentTask: index.documentTask as GeminiTaskType,
          ...(baseURL ? { baseURL } : {}),
          ...f,
        }),
        info,
      };
    }
    case 'openai-compatible': {
      const baseURL = env.EMBEDDINGS_BASE_URL?.trim().replace(/\/+$/, '');
      if (!baseURL)
        return {
          embedder: null,
          reason: `the index ${index.id} needs EMBEDDINGS_BASE_URL (its embeddings server) to embed; site passages are searched by keyword only`,
        };
      const apiKey = env.EMBEDDINGS_API_KEY?.trim();
      return { embedder: new OpenAICompatibleEmbedder({ ...embedderOptionsFromManifest(index, { baseURL, ...(apiKey ? { apiKey } : {}) }), ...f }), info };
    }
    case 'local':
      return { embedder: null, reason: `the index ${index.id} embeds queries in the browser; site passages are searched by keyword only` };
  }
}
