/**
 * Hybrid retrieval for the eval: each question searched in the widget's own stages
 * (widget/asking/search-stages.ts: keyword, then fused with its embedding by the embedder that
 * built the vector index), the last list scored.
 *
 * Which embedder is used comes from the index manifest, never from a flag, so the query and
 * the verses are always in the same space:
 * - `test-hashing`: offline and deterministic but NOT semantic (hashed word overlap); the
 *   system is named `hybrid[test-hashing, NOT semantic]` so its numbers are never mistaken
 *   for semantic search.
 * - `local`: the transformers.js model in `MODELS_DIR` / `data/models/` (must be present).
 * - `openai-compatible`: the server at EMBEDDINGS_BASE_URL (EMBEDDINGS_API_KEY when it needs one),
 *   asked with the manifest's model, prefixes and input_type.
 * - `gemini`: needs GEMINI_API_KEY (one embedding call per question; GEMINI_BASE_URL points
 *   it at another server, e.g. the fake one in tests).
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import type { Embedder } from '../../data/embed/embedder.js';
import { GeminiEmbedder, type GeminiTaskType } from '../../data/embed/gemini-embedder.js';
import { openLocalEmbedderFromDir } from '../../data/embed/local-embedder-node.js';
import { OpenAICompatibleEmbedder } from '../../data/embed/openai-compatible-embedder.js';
import { embedderOptionsFromManifest } from '../../data/embed/openai-compatible-manifest.js';
import { TestHashingEmbedder } from '../../data/embed/test-hashing-embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { createVectorSearch } from '../../data/index/create-vector-search.js';
import { loadTopicVectorsFromDir, loadVectorIndexFromDir } from '../../data/index/vector-index-loader-node.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import { createSearchEngine, type SearchEngine, type SearchEngineOptions } from '../../data/search/search-engine.js';
import { join } from 'node:path';
import { CachedQueryEmbedder, queryVectorCacheName } from './cached-query-embedder.js';
import { REPO_ROOT } from './external-data.js';
import { retrieverFromSearch } from './search-result-retriever.js';
import { adaptSearchEngine } from '../../widget/asking/search-engine-adapter.js';
import { searchStages } from '../../widget/asking/search-stages.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { VerseRetriever } from './verse-retriever.js';
import type { TopicIndex, TopicVectors } from '../../data/topics/topic-index.js';

export const HYBRID_NEEDS_INDEX =
  'hybrid and dense evals need --embedder e5 (the bundled multilingual model, npm run model:e5) or --index <dir> holding a ' +
  'vector index manifest.json (npm run build:index); a test-hashing index is word overlap, not semantic';

/** Fused with the lexical ranking, or the vector ranking alone. */
export type VectorMode = 'hybrid' | 'dense';

/** System name for tables: says plainly when the vectors are not semantic. */
export function hybridSystemName(manifest: Pick<VectorIndexManifest, 'id' | 'embedder'>, mode: VectorMode = 'hybrid'): string {
  return manifest.embedder === 'test-hashing' ? `${mode}[test-hashing, NOT semantic]` : `${mode}[${manifest.id}]`;
}

/** The hybrid retriever over an already-loaded engine, vector search and query embedder. */
export function hybridRetriever(
  engine: SearchEngine,
  corpus: Corpus,
  search: VectorSearch,
  embedder: Embedder,
  manifest: Pick<VectorIndexManifest, 'id' | 'embedder' | 'floors'>,
  mode: VectorMode = 'hybrid',
  topicVectors?: TopicVectors,
): VerseRetriever {
  const embedQuery = async (query: string): Promise<Float32Array> => {
    const [vector] = await embedder.embed([query], 'query');
    if (!vector) throw new Error(`embedder ${embedder.id} returned no vector for a query`);
    return vector;
  };
  if (mode === 'dense') {
    return retrieverFromSearch(hybridSystemName(manifest, mode), async ({ query, lang }) =>
      engine.dense(
        query,
        { search, vector: await embedQuery(query), floors: manifest.floors, ...(topicVectors ? { topicVectors } : {}) },
        lang === undefined ? {} : { lang },
      ),
    );
  }
  // The widget's own search stages (keyword, then fused), so the eval scores the list the visitor
  // is left with; no suggestion and no history here, so it is the fused stage's.
  const widgetEngine = adaptSearchEngine(engine, corpus, search, manifest, topicVectors);
  return retrieverFromSearch(hybridSystemName(manifest, mode), async ({ query, lang }) => {
    const env = { engine: widgetEngine, embedQuery, searchLang: lang ?? 'en', history: [], loadTrack: async () => {} };
    let last: SearchResult | undefined;
    for await (const step of searchStages(query, env, new AbortController().signal)) {
      if (step.kind === 'embed-failed') throw step.error;
      if (step.kind === 'results') last = step.result;
    }
    if (!last) throw new Error(`the search stages gave no list for "${query}"`);
    return last;
  });
}

export async function queryEmbedderFor(manifest: VectorIndexManifest, env: NodeJS.ProcessEnv = process.env): Promise<Embedder> {
  switch (manifest.embedder) {
    case 'test-hashing':
      return new TestHashingEmbedder({ dims: manifest.dims });
    case 'local':
      return openLocalEmbedderFromDir({ model: manifest.model, expectedDims: manifest.dims });
    case 'openai-compatible': {
      const baseURL = env.EMBEDDINGS_BASE_URL?.trim();
      if (!baseURL) {
        throw new Error(
          `index ${manifest.id} was built with an OpenAI-compatible embeddings server: set EMBEDDINGS_BASE_URL to it (model ${manifest.model}), or use --embedder e5 to start the bundled one`,
        );
      }
      return new OpenAICompatibleEmbedder(embedderOptionsFromManifest(manifest, { baseURL, apiKey: env.EMBEDDINGS_API_KEY }));
    }
    case 'gemini': {
      const apiKey = env.GEMINI_API_KEY;
      if (!apiKey) throw new Error(`index ${manifest.id} is a Gemini index: set GEMINI_API_KEY to embed the questions (one call per question)`);
      return new GeminiEmbedder({
        apiKey,
        model: manifest.model,
        dims: manifest.dims,
        queryTask: manifest.queryTask as GeminiTaskType,
        ...(env.GEMINI_BASE_URL ? { baseURL: env.GEMINI_BASE_URL } : {}),
      });
    }
  }
}

export async function createHybridRetriever(
  corpus: Corpus,
  indexDir?: string,
  env: NodeJS.ProcessEnv = process.env,
  engineOptions: Partial<SearchEngineOptions> = {},
  mode: VectorMode = 'hybrid',
  topics?: TopicIndex,
): Promise<VerseRetriever> {
  if (!indexDir) throw new Error(HYBRID_NEEDS_INDEX);
  const { manifest, vectors } = await loadVectorIndexFromDir(indexDir, { corpusVersion: corpus.version });
  const topicVectors = topics ? await loadTopicVectorsFromDir(indexDir, topics, (m) => console.warn(m)) : undefined;
  const search = await createVectorSearch(vectors, { kind: 'flat' });
  // Remote embedders only: a re-run (another fusion setting) then asks the server nothing.
  const inner = await queryEmbedderFor(manifest, env);
  const embedder =
    manifest.embedder === 'test-hashing'
      ? inner
      : new CachedQueryEmbedder(inner, join(REPO_ROOT, '.cache', 'eval-query-vectors', queryVectorCacheName(manifest)));
  const engine = createSearchEngine(corpus, engineOptions);
  engine.useTopics(topics);
  return hybridRetriever(engine, corpus, search, embedder, manifest, mode, topicVectors);
}
