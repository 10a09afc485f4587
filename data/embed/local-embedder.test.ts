import { mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureTinyModel, type TinyModel } from '../testing/tiny-model/tiny-model.js';
import type { IndexModelFields } from './local-embedder-compat.js';
import { LocalModelError } from './local-embedder-error.js';
import { openLocalEmbedderForIndex, openLocalEmbedderFromDir } from './local-embedder-node.js';
import type { LocalModelProgress } from './local-embedder-progress.js';
import { openLocalEmbedder, type LocalEmbedder } from './local-embedder.js';

let tiny: TinyModel;
let embedder: LocalEmbedder;

beforeAll(async () => {
  tiny = await ensureTinyModel();
  embedder = await openLocalEmbedderFromDir({ model: tiny.modelId, modelDir: tiny.modelsDir });
});

const norm = (v: Float32Array): number => Math.sqrt(v.reduce((s, x) => s + x * x, 0));
const maxDiff = (a: Float32Array, b: Float32Array): number => Math.max(...a.map((x, i) => Math.abs(x - b[i]!)));

async function caught(promise: Promise<unknown>): Promise<LocalModelError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(LocalModelError);
  return error as LocalModelError;
}

function manifestFor(overrides: Partial<IndexModelFields>): IndexModelFields {
  return {
    id: 'local-tiny-bert-32',
    embedder: 'local',
    model: 'tiny-bert',
    dims: 32,
    queryPrefix: '',
    documentPrefix: '',
    ...overrides,
  };
}

describe('when the tiny model is in the models directory', () => {
  it('should read the dimension from config.json and name the index after model and dims', () => {
    expect(embedder.dims).toBe(32);
    expect(embedder.model).toBe('tiny-bert');
    expect(embedder.id).toBe('local-tiny-bert-32');
  });

  it('should return one unit-length vector of the model dimension per text, in order', async () => {
    const texts = ['What does the Quran say about patience?', 'الصبر والصلاة', 'mercy'];
    const vectors = await embedder.embed(texts, 'document');
    expect(vectors).toHaveLength(3);
    for (const v of vectors) {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v).toHaveLength(32);
      expect(norm(v)).toBeCloseTo(1, 5);
    }
    const [single] = await embedder.embed([texts[1]!], 'document');
    expect(maxDiff(single!, vectors[1]!)).toBeLessThan(1e-6);
    expect(maxDiff(vectors[0]!, vectors[2]!)).toBeGreaterThan(0.05);
  });

  it('should give a text the same vector whatever else is embedded in the same call', async () => {
    const short = 'mercy';
    const [alone] = await embedder.embed([short], 'query');
    const [batched] = await embedder.embed([short, 'a much longer question about prayer and fasting in ramadan'], 'query');
    expect(maxDiff(alone!, batched!)).toBeLessThan(1e-6);
  });

  it('should prepend the query and passage prefixes by task', async () => {
    const e5Like = await openLocalEmbedderFromDir({
      model: tiny.modelId,
      modelDir: tiny.modelsDir,
      prefixes: { query: 'query: ', document: 'passage: ' },
    });
    const [query] = await e5Like.embed(['patience'], 'query');
    const [passage] = await e5Like.embed(['patience'], 'document');
    const [plain] = await embedder.embed(['query: patience', 'passage: patience'], 'query');
    const [, plainPassage] = await embedder.embed(['query: patience', 'passage: patience'], 'query');
    expect(maxDiff(query!, plain!)).toBeLessThan(1e-6);
    expect(maxDiff(passage!, plainPassage!)).toBeLessThan(1e-6);
    expect(maxDiff(query!, passage!)).toBeGreaterThan(0.01);
  });

  it('should describe itself for the index manifest', () => {
    expect(embedder.manifestFields()).toStrictEqual({
      floors: { primary: 0.3, fallback: 0.2 },
      embedder: 'local',
      model: 'tiny-bert',
      dims: 32,
      queryTask: 'query',
      documentTask: 'document',
      queryPrefix: '',
      documentPrefix: '',
    });
  });

  it('should report loading progress per file and then ready', async () => {
    const events: LocalModelProgress[] = [];
    const fresh = await openLocalEmbedderFromDir({
      model: tiny.modelId,
      modelDir: tiny.modelsDir,
      onProgress: (p) => events.push(p),
    });
    await fresh.load();
    const files = new Set(events.filter((e) => e.phase === 'loading').map((e) => e.file));
    expect(files).toContain('onnx/model_quantized.onnx');
    expect(files).toContain('tokenizer.json');
    expect(events.at(-1)).toMatchObject({ phase: 'ready', fraction: 1 });
    expect(events.at(-1)!.totalBytes).toBeGreaterThan(50_000);
  });

  it('should stop before embedding when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('visitor pressed stop'));
    await expect(embedder.embed(['mercy'], 'query', controller.signal)).rejects.toThrow('visitor pressed stop');
  });
});

describe('when an index manifest does not match the loaded model', () => {
  it('should refuse an index built with another model, naming both and the rebuild command', () => {
    const manifest = manifestFor({ id: 'local-xenova-multilingual-e5-small-384', model: 'Xenova/multilingual-e5-small', dims: 384 });
    expect(() => embedder.assertServes(manifest)).toThrow(
      'index local-xenova-multilingual-e5-small-384 was built with model Xenova/multilingual-e5-small (384 dims) ' +
        'but model tiny-bert (32 dims) is loaded; rebuild with npm run build:index -- --embedder local --model tiny-bert',
    );
  });

  it('should refuse an index built with other prefixes', () => {
    const error = (() => {
      try {
        embedder.assertServes(manifestFor({ queryPrefix: 'query: ' }));
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(LocalModelError);
    expect((error as LocalModelError).code).toBe('index-mismatch');
    expect((error as LocalModelError).message).toBe(
      'index local-tiny-bert-32 was built with query prefix "query: " but model tiny-bert is loaded with ' +
        'query prefix ""; rebuild with npm run build:index -- --embedder local --model tiny-bert',
    );
  });

  it('should refuse an index built by a non-local embedder', () => {
    expect(() => embedder.assertServes(manifestFor({ embedder: 'gemini', id: 'gemini-embedding-001-768' }))).toThrow(
      /index gemini-embedding-001-768 was built with the gemini embedder/,
    );
  });

  it('should accept the index it built', () => {
    expect(() => embedder.assertServes(manifestFor({}))).not.toThrow();
  });

  it('should open the model of an index with the index prefixes, and refuse another dimension', async () => {
    const forIndex = await openLocalEmbedderForIndex(manifestFor({ queryPrefix: 'query: ', documentPrefix: 'passage: ' }), tiny.modelsDir);
    expect(forIndex.prefixes).toStrictEqual({ query: 'query: ', document: 'passage: ' });
    await expect(openLocalEmbedderForIndex(manifestFor({ dims: 384 }), tiny.modelsDir)).rejects.toThrow(
      'index local-tiny-bert-32 was built with model tiny-bert (384 dims) but model tiny-bert (32 dims) is loaded',
    );
  });

  it('should refuse a model whose dimension differs from the one asked for', async () => {
    const error = await caught(openLocalEmbedderFromDir({ model: tiny.modelId, modelDir: tiny.modelsDir, expectedDims: 384 }));
    expect(error.code).toBe('dims-mismatch');
    expect(error.message).toMatch(/model tiny-bert produces 32-dim vectors but 384 dims were asked for/);
  });
});

describe('when the model files are missing', () => {
  it('should say where to put the files when the model folder does not exist', async () => {
    const modelsDir = join(tmpdir(), `quran-dai-no-models-${process.pid}`);
    const error = await caught(openLocalEmbedderFromDir({ model: 'Xenova/multilingual-e5-small', modelDir: modelsDir }));
    expect(error.code).toBe('model-missing');
    expect(error.message).toContain(
      `put the model files in ${modelsDir}/Xenova/multilingual-e5-small/ (config.json, tokenizer.json, ` +
        `tokenizer_config.json, onnx/model_quantized.onnx) - see README 'Keyless semantic search'`,
    );
  });

  it('should name the missing weights file when only part of the model is there', async () => {
    const modelsDir = join(tmpdir(), `quran-dai-half-model-${process.pid}`);
    await mkdir(join(modelsDir, 'half'), { recursive: true });
    for (const f of ['config.json', 'tokenizer.json', 'tokenizer_config.json']) await writeFile(join(modelsDir, 'half', f), '{}');
    try {
      const error = await caught(openLocalEmbedderFromDir({ model: 'half', modelDir: modelsDir }));
      expect(error.message).toContain('(missing onnx/model_quantized.onnx)');
    } finally {
      await rm(modelsDir, { recursive: true, force: true });
    }
  });

  it('should give the same actionable error without the Node pre-check (browser path)', async () => {
    const modelsDir = join(tmpdir(), `quran-dai-no-models-${process.pid}`);
    const error = await caught(openLocalEmbedder({ model: 'absent-model', modelBase: `${modelsDir}/` }));
    expect(error.code).toBe('model-missing');
    expect(error.message).toContain(`put the model files in ${modelsDir}/absent-model/`);
  });
});
