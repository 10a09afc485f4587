import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { GeminiEmbedder } from '../../data/embed/gemini-embedder.js';
import { createFlatVectorSearch } from '../../data/index/flat-vector-search.js';
import { loadVectorIndexFromDir } from '../../data/index/vector-index-loader-node.js';
import { FakeGemini, requestTexts, startFakeGemini } from '../../data/testing/fake-gemini.js';
import { checkBatchVectors, IndexBuildError, runIndexBuild } from './index-build-run.js';
import { buildVerseTexts } from './verse-text-template.js';

const DIMS = 32;
let fake: FakeGemini;
let corpus: Corpus;
let out: string;

beforeAll(async () => {
  fake = await startFakeGemini();
  corpus = await loadCorpusFromDir({ tracks: ['en'] });
});
afterAll(() => fake.close());
beforeEach(async () => {
  fake.reset();
  out = await mkdtemp(join(tmpdir(), 'qd-index-'));
  return () => rm(out, { recursive: true, force: true });
});

const gemini = (maxRetries = 3) => new GeminiEmbedder({ apiKey: fake.apiKey, baseURL: fake.baseURL, dims: DIMS, retryDelayMs: 1, maxRetries });
const build = (embedder = gemini(), extra: Partial<Parameters<typeof runIndexBuild>[0]> = {}) =>
  runIndexBuild({ corpus, embedder, embedderKind: 'gemini', outRoot: out, queryTask: 'RETRIEVAL_QUERY', documentTask: 'RETRIEVAL_DOCUMENT', ...extra });

describe('when building a Gemini index through the fake server', () => {
  it('should retry after 429 and 500, then write a manifest and vectors that queries agree with', async () => {
    fake.failNext(1, 429);
    fake.failNext(1, 500);
    const result = await build();
    expect(fake.calls.slice(0, 3).map((c) => c.status)).toEqual([429, 500, 200]);
    const batches = fake.calls.filter((c) => c.status === 200);
    expect(batches).toHaveLength(63);
    expect(Math.max(...batches.map((c) => requestTexts(c.body).length))).toBe(100);
    expect(fake.embeddedTextCount).toBe(6236);
    const sent = (batches[0]!.body as { requests: Array<{ taskType: string; outputDimensionality: number }> }).requests[0]!;
    expect(sent).toMatchObject({ taskType: 'RETRIEVAL_DOCUMENT', outputDimensionality: DIMS });

    const m = result.manifest;
    expect(m).toMatchObject({
      schema: 1,
      id: `gemini-embedding-001-${DIMS}`,
      embedder: 'gemini',
      model: 'gemini-embedding-001',
      dims: DIMS,
      count: 6236,
      quantization: 'int4-centered-staged',
      queryTask: 'RETRIEVAL_QUERY',
      documentTask: 'RETRIEVAL_DOCUMENT',
      textTemplate: '{en}\n{arabic}',
      contextualised: false,
      corpusVersion: corpus.version,
      floors: { primary: 0.6, fallback: 0.4 },
    });
    // The signs: header, the shared offset, one scale per verse, eight codes per byte; the
    // magnitudes: header, one scale per verse, two codes per byte.
    expect(m.files.map((f) => f.bytes)).toEqual([16 + DIMS * 4 + 6236 * 4 + (6236 * DIMS) / 8, 16 + 6236 * 4 + (6236 * DIMS) / 2]);
    expect(m.files.map((f) => f.path)).toEqual([`signs.${m.files[0]!.sha256.slice(0, 16)}.bin`, `magnitudes.${m.files[1]!.sha256.slice(0, 16)}.bin`]);
    expect((await readdir(result.dir)).sort()).toEqual([m.files[1]!.path, 'manifest.json', m.files[0]!.path]);

    const loaded = await loadVectorIndexFromDir(result.dir, { corpusVersion: corpus.version });
    const [query] = await gemini().embed([buildVerseTexts(corpus, { contextual: false })[2000]!], 'query');
    expect(createFlatVectorSearch(loaded.vectors).search(query!, 1)[0]!.index).toBe(2000);
  });
});

describe('when a build is interrupted', () => {
  it('should resume from the finished batches and produce the same index as an uninterrupted build', async () => {
    const first = build(gemini(1), {
      onProgress: (s) => {
        if (s.done === 1000) fake.failNext(2, 500);
      },
    });
    await expect(first).rejects.toThrow(/HTTP 500 after 1 retries/);
    const checkpoints = (await readdir(join(out, `gemini-embedding-001-${DIMS}`))).filter((n) => n.startsWith('.checkpoint-'));
    expect(checkpoints).toHaveLength(1);

    fake.calls.length = 0;
    const resumed = await build();
    expect(resumed.resumedBatches).toBe(10);
    expect(resumed.embeddedBatches).toBe(53);
    expect(fake.embeddedTextCount).toBe(6236 - 1000);
    expect(requestTexts(fake.calls[0]!.body)[0]).toBe(buildVerseTexts(corpus, { contextual: false })[1000]);
    expect((await readdir(resumed.dir)).some((n) => n.startsWith('.checkpoint-'))).toBe(false);

    const fresh = await runIndexBuild({ corpus, embedder: gemini(), embedderKind: 'gemini', outRoot: join(out, 'fresh') });
    expect(fresh.manifest.files[0]!.sha256).toBe(resumed.manifest.files[0]!.sha256);
  });
});

describe('when the upstream returns a vector of the wrong dimension', () => {
  it('should refuse the build with a message naming the verse and both dimensions', async () => {
    fake.vector = (text, dims) => Array.from({ length: text.startsWith('[All] praise') ? dims + 1 : dims }, (_, i) => (i % 3) - 1);
    await expect(build()).rejects.toThrow(`Gemini returned a ${DIMS + 1}-dimensional vector for text #1, expected ${DIMS}`);
  });

  it('should also be caught by the builder for any embedder', () => {
    expect(() => checkBatchVectors([new Float32Array(3)], 1, 4, 700)).toThrow(IndexBuildError);
    expect(() => checkBatchVectors([new Float32Array(3)], 1, 4, 700)).toThrow('verse #700 got a 3-dimensional vector, expected 4');
    expect(() => checkBatchVectors([new Float32Array(4)], 1, 4, 0)).toThrow('zero or non-finite');
    expect(() => checkBatchVectors([], 1, 4, 0)).toThrow('returned 0 vectors for 1 verses');
  });
});

describe('when building contextualised texts', () => {
  it('should embed each verse with its surah name and same-surah neighbours and record it', async () => {
    const texts = buildVerseTexts(corpus, { contextual: true });
    const en = corpus.trackTexts('en');
    expect(texts[0]).toContain('Surah Al-Fatihah');
    expect(texts[0]).toContain('1:1');
    expect(texts[0]).toContain(en[1]);
    // 2:1 must not pull in 1:7 (never across a surah boundary).
    expect(texts[7]).toContain('2:1');
    expect(texts[7]).not.toContain(en[6]!);
    expect(texts[7]).toContain(en[8]);

    const result = await build(gemini(), { contextual: true });
    expect(result.manifest.id).toBe(`gemini-embedding-001-${DIMS}-ctx`);
    expect(result.manifest.contextualised).toBe(true);
    expect(result.manifest.textTemplate).toContain('[neighbours=1]');
    expect(requestTexts(fake.calls[0]!.body)[7]).toBe(texts[7]);
  });
});
