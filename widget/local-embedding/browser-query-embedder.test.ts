/**
 * Node vs headless Chromium: the index builder (Node, onnxruntime-node) and the widget
 * (browser, onnxruntime-web WASM) must produce the same vector for the same text, or
 * browser-embedded queries would not match the verse vectors built offline.
 */
import { rm } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndexModelFields } from '../../data/embed/local-embedder-compat.js';
import { openLocalEmbedderFromDir, ORT_WASM_DIR } from '../../data/embed/local-embedder-node.js';
import type { LocalEmbedder } from '../../data/embed/local-embedder.js';
import { ensureTinyModel } from '../../data/testing/tiny-model/tiny-model.js';
import { launchChromium, type LaunchedChromium } from '../testing/e2e/launch-chromium.js';
import { bundlePage } from '../testing/local-embedding/bundle-page.js';
import { startPageServer, type PageServer } from '../testing/local-embedding/page-server.js';

const TEXTS = ['What does the Quran say about patience?', 'الصبر والصلاة', 'Who is Maryam, the mother of Jesus?'];

let server: PageServer;
let browser: LaunchedChromium;
let page: Page;
let nodeEmbedder: LocalEmbedder;
let appDir: string;

const manifestFor = (overrides: Partial<IndexModelFields> = {}): IndexModelFields => ({
  id: 'local-tiny-bert-32',
  embedder: 'local',
  model: 'tiny-bert',
  dims: 32,
  queryPrefix: 'query: ',
  documentPrefix: 'passage: ',
  ...overrides,
});

beforeAll(async () => {
  const tiny = await ensureTinyModel();
  nodeEmbedder = await openLocalEmbedderFromDir({
    model: tiny.modelId,
    modelDir: tiny.modelsDir,
    prefixes: { query: 'query: ', document: 'passage: ' },
  });
  appDir = await bundlePage('widget/testing/local-embedding/parity-page.ts');
  server = await startPageServer({ appDir, modelsDir: tiny.modelsDir, wasmDir: ORT_WASM_DIR });
  browser = await launchChromium();
  page = await browser.context.newPage();
  await page.goto(`${server.origin}/`);
  await page.waitForFunction(() => 'localEmbeddingTest' in window);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (appDir) await rm(appDir, { recursive: true, force: true });
});

describe('when the page has loaded but nothing was embedded yet', () => {
  it('should have fetched no model runtime, model file or WASM', () => {
    const appFiles = server.requests.filter((p) => p.startsWith('/app/'));
    expect(appFiles).toStrictEqual(['/app/page.js']);
    expect(server.requests.filter((p) => p.startsWith('/models/') || p.startsWith('/runtime/'))).toStrictEqual([]);
  });
});

describe('when a query is embedded in the browser for a local index', () => {
  let browserVectors: number[][];
  let progressPhases: string[];
  let progressFiles: Set<string | undefined>;
  let afterEmbed: string[];

  beforeAll(async () => {
    const result = await page.evaluate(([manifest, texts]) => window.localEmbeddingTest.embed(manifest, texts), [manifestFor(), TEXTS] as const);
    browserVectors = result.vectors;
    progressPhases = result.progress.map((p) => p.phase);
    progressFiles = new Set(result.progress.map((p) => p.file));
    afterEmbed = [...server.requests];
  });

  it('should produce the same vector as the Node builder, within 1e-5', async () => {
    const nodeVectors = await nodeEmbedder.embed(TEXTS, 'query');
    expect(browserVectors).toHaveLength(TEXTS.length);
    for (let i = 0; i < TEXTS.length; i++) {
      const b = browserVectors[i]!;
      const n = nodeVectors[i]!;
      expect(b).toHaveLength(32);
      const diff = Math.max(...b.map((x, j) => Math.abs(x - n[j]!)));
      expect(diff).toBeLessThan(1e-5);
    }
  });

  it('should return unit-length vectors of the manifest dimension', () => {
    for (const v of browserVectors) {
      expect(v).toHaveLength(32);
      expect(Math.sqrt(v.reduce((s, x) => s + x * x, 0))).toBeCloseTo(1, 5);
    }
  });

  it('should apply the index query prefix (differs from the unprefixed vector)', async () => {
    const tiny = await ensureTinyModel();
    const noPrefix = await openLocalEmbedderFromDir({ model: tiny.modelId, modelDir: tiny.modelsDir });
    const [unprefixed] = await noPrefix.embed([TEXTS[0]!], 'query');
    const diff = Math.max(...browserVectors[0]!.map((x, j) => Math.abs(x - unprefixed![j]!)));
    expect(diff).toBeGreaterThan(0.01);
  });

  it('should fetch the model only from /models/ and the runtime only from /runtime/ort/', () => {
    const modelFiles = afterEmbed.filter((p) => p.startsWith('/models/'));
    expect(new Set(modelFiles)).toStrictEqual(
      new Set([
        '/models/tiny-bert/config.json',
        '/models/tiny-bert/tokenizer.json',
        '/models/tiny-bert/tokenizer_config.json',
        '/models/tiny-bert/onnx/model_quantized.onnx',
      ]),
    );
    expect(afterEmbed.filter((p) => p.startsWith('/runtime/'))).toStrictEqual(['/runtime/ort/ort-wasm-simd.wasm']);
    expect(afterEmbed.filter((p) => p.startsWith('/app/')).length).toBeGreaterThan(1); // the lazy runtime chunk
  });

  it('should report download progress and then ready', () => {
    expect(progressFiles).toContain('onnx/model_quantized.onnx');
    expect(progressPhases.at(-1)).toBe('ready');
  });
});

describe('when the visitor comes back after the model was loaded once', () => {
  it('should read the model files from the browser cache instead of the network', async () => {
    await page.reload();
    await page.waitForFunction(() => 'localEmbeddingTest' in window);
    const before = server.requests.length;
    const { vectors } = await page.evaluate(([manifest, texts]) => window.localEmbeddingTest.embed(manifest, texts), [
      manifestFor(),
      [TEXTS[0]!] as string[],
    ] as const);
    const [nodeVector] = await nodeEmbedder.embed([TEXTS[0]!], 'query');
    expect(Math.max(...vectors[0]!.map((x, j) => Math.abs(x - nodeVector![j]!)))).toBeLessThan(1e-5);
    expect(server.requests.slice(before).filter((p) => p.startsWith('/models/'))).toStrictEqual([]);
  });
});

describe('when the model on the proxy does not match the index', () => {
  it('should refuse with both models, their dims and the rebuild command', async () => {
    const error = await page.evaluate((manifest) => window.localEmbeddingTest.loadError(manifest), manifestFor({ id: 'local-tiny-bert-384', dims: 384 }));
    expect(error).toStrictEqual({
      name: 'LocalModelError',
      code: 'index-mismatch',
      message:
        'index local-tiny-bert-384 was built with model tiny-bert (384 dims) but model tiny-bert (32 dims) is loaded; ' +
        'rebuild with npm run build:index -- --embedder local --model tiny-bert',
    });
  });
});

describe('when the proxy has no files for the model', () => {
  it('should say which folder the files belong in', async () => {
    const error = await page.evaluate(
      (manifest) => window.localEmbeddingTest.loadError(manifest),
      manifestFor({ id: 'local-xenova-multilingual-e5-small-384', model: 'Xenova/multilingual-e5-small', dims: 384 }),
    );
    expect(error?.code).toBe('model-missing');
    expect(error?.message).toContain(
      `put the model files in ${server.origin}/models/Xenova/multilingual-e5-small/ (config.json, tokenizer.json, ` +
        `tokenizer_config.json, onnx/model_quantized.onnx) - see README 'Keyless semantic search'`,
    );
  });
});
