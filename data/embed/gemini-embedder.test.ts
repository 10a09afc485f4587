import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeGemini, requestTexts, startFakeGemini } from '../testing/fake-gemini.js';
import { GeminiEmbedder, GeminiEmbedderError, type GeminiEmbedderOptions } from './gemini-embedder.js';
import { l2Normalize } from './l2-normalize.js';
import { testHashingVector } from './test-hashing-embedder.js';

let fake: FakeGemini;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.reset();
  fake.vector = (text, dims) => Array.from(testHashingVector(text, dims), (v) => v * 0.5);
});

const embedder = (o: Partial<GeminiEmbedderOptions> = {}) => new GeminiEmbedder({ apiKey: fake.apiKey, baseURL: fake.baseURL, retryDelayMs: 5, ...o });
const norm = (v: Float32Array) => Math.sqrt(v.reduce((s, x) => s + x * x, 0));

describe('when embedding documents', () => {
  it('should batch by 100, send RETRIEVAL_DOCUMENT at 768 dims and return unit vectors in order', async () => {
    const texts = Array.from({ length: 230 }, (_, i) => `verse ${i} about mercy`);
    const vectors = await embedder().embed(texts, 'document');
    expect(fake.calls.map((c) => requestTexts(c.body).length)).toEqual([100, 100, 30]);
    const req = (fake.calls[0]!.body as { requests: Array<Record<string, unknown>> }).requests[0];
    expect(req).toMatchObject({ taskType: 'RETRIEVAL_DOCUMENT', outputDimensionality: 768 });
    expect(vectors).toHaveLength(230);
    expect(vectors[229]!.length).toBe(768);
    expect(norm(vectors[229]!)).toBeCloseTo(1, 5);
    expect(vectors[229]![3]).toBeCloseTo(testHashingVector('verse 229 about mercy', 768)[3]!, 5);
  });
});

describe('when embedding a query', () => {
  it('should call :embedContent with RETRIEVAL_QUERY and the configured dims', async () => {
    const e = embedder({ dims: 256 });
    expect(e.id).toBe('gemini-embedding-001-256');
    const [v] = await e.embed(['what is patience'], 'query');
    expect(fake.calls[0]!.path).toBe('/v1beta/models/gemini-embedding-001:embedContent');
    expect(fake.calls[0]!.body).toMatchObject({ taskType: 'RETRIEVAL_QUERY', outputDimensionality: 256 });
    expect(v!.length).toBe(256);
    expect(norm(v!)).toBeCloseTo(1, 5);
  });
});

describe('when the upstream fails transiently', () => {
  it('should retry 429 and 500 with backoff and then succeed', async () => {
    fake.failNext(1, 429);
    fake.failNext(1, 500);
    const vectors = await embedder().embed(['a', 'b'], 'document');
    expect(fake.calls.map((c) => c.status)).toEqual([429, 500, 200]);
    expect(vectors).toHaveLength(2);
  });

  it("should wait as long as Google's RetryInfo asks (capped by maxRetryDelayMs)", async () => {
    fake.failNext(1, 429, { retryDelay: '0.12s' });
    const t0 = performance.now();
    await embedder({ retryDelayMs: 1 }).embed(['a'], 'query');
    expect(performance.now() - t0).toBeGreaterThanOrEqual(110);
    expect(fake.calls.map((c) => c.status)).toEqual([429, 200]);
    fake.failNext(1, 429, { retryDelay: '30s' });
    const t1 = performance.now();
    await embedder({ maxRetryDelayMs: 20 }).embed(['a'], 'query');
    expect(performance.now() - t1).toBeLessThan(2000);
  });

  it('should give up after maxRetries with a message naming the status', async () => {
    fake.failNext(3, 503);
    const error = await embedder({ maxRetries: 2 })
      .embed(['a', 'b'], 'document')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GeminiEmbedderError);
    expect((error as GeminiEmbedderError).status).toBe(503);
    expect((error as Error).message).toMatch(/HTTP 503 after 2 retries/);
    expect(fake.calls).toHaveLength(3);
  });
});

describe('when the upstream refuses the request', () => {
  it('should not retry a bad key and should say what to check', async () => {
    const error = await embedder({ apiKey: 'wrong' })
      .embed(['a'], 'query')
      .catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/HTTP 400.*API key not valid.*check GEMINI_API_KEY/);
    expect(fake.calls).toHaveLength(1);
  });
});

describe('when a vector has the wrong dimension', () => {
  it('should refuse it with a clear message', async () => {
    fake.vector = (text, dims) => Array.from({ length: text === 'b' ? dims + 1 : dims }, () => 0.1);
    const error = await embedder()
      .embed(['a', 'b'], 'document')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'dimension' });
    expect((error as Error).message).toContain('769-dimensional vector for text #1, expected 768');
    expect(fake.calls).toHaveLength(1);
  });
});

describe('when aborted', () => {
  it('should stop and reject with code aborted', async () => {
    fake.failNext(1, 'hang');
    const controller = new AbortController();
    const pending = embedder().embed(['a'], 'query', controller.signal);
    setTimeout(() => controller.abort(), 30);
    await expect(pending).rejects.toMatchObject({ code: 'aborted' });
  });
});

describe('when given a custom fetch', () => {
  it('should send every request through it', async () => {
    const seen: string[] = [];
    const e = embedder({ fetch: (input, init) => (seen.push(String(input)), fetch(input, init)) });
    await e.embed(['a'], 'query');
    expect(seen).toEqual([`${fake.baseURL}/models/gemini-embedding-001:embedContent`]);
  });
});

describe('when misconfigured', () => {
  it('should fail fast without a key or with a bad dimension or batch size', () => {
    expect(() => new GeminiEmbedder({ apiKey: '' })).toThrow(/needs an apiKey.*GEMINI_API_KEY/);
    expect(() => new GeminiEmbedder({ apiKey: 'k', dims: 4000 })).toThrow(/dims must be an integer in 1..3072/);
    expect(() => new GeminiEmbedder({ apiKey: 'k', batchSize: 101 })).toThrow(/batchSize must be an integer in 1..100/);
  });
});

describe('when normalising', () => {
  it('should scale to unit length and reject a zero vector', () => {
    expect(Array.from(l2Normalize([3, 4]))).toEqual([0.6000000238418579, 0.800000011920929]);
    expect(() => l2Normalize([0, 0])).toThrow(/zero/);
  });
});
