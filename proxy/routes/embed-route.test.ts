import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder, EmbedTask } from '../../data/embed/embedder.js';
import { GeminiEmbedder } from '../../data/embed/gemini-embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { FAKE_GEMINI_API_KEY, startFakeGemini, type FakeGemini } from '../../data/testing/fake-gemini.js';
import { GEMINI_TEST_INDEX } from '../testing/index-manifest-fixture.js';
import { chatInit, createTestProxy } from '../testing/test-proxy.js';

const INDEX: VectorIndexManifest = { ...GEMINI_TEST_INDEX, version: 'v1', corpusVersion: 'x', files: [] };

/** Test stand-in: counts calls, can be slowed down or made to fail. */
class CountingEmbedder implements Embedder {
  readonly id = INDEX.id;
  readonly model = INDEX.model;
  calls: string[][] = [];
  delayMs = 0;
  failWith: unknown = null;
  constructor(readonly dims = 8) {}
  async embed(texts: readonly string[], _task: EmbedTask): Promise<Float32Array[]> {
    this.calls.push([...texts]);
    if (this.delayMs) await new Promise((r) => setTimeout(r, this.delayMs));
    if (this.failWith) throw this.failWith;
    return texts.map((t) => Float32Array.from({ length: this.dims }, (_, i) => (t.length + i) / 100));
  }
}

const embed = (text: unknown, headers: Record<string, string> = {}) => chatInit({ text }, headers);

describe('when no embedder is configured', () => {
  it('should answer 503 embed-not-configured', async () => {
    const { app } = await createTestProxy();
    const res = await app.request('/api/embed', embed('patience'));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('embed-not-configured');
  });
  it('should say that a local index embeds in the browser', async () => {
    const { app } = await createTestProxy({}, { index: { ...INDEX, embedder: 'local' }, embedder: null });
    const res = await app.request('/api/embed', embed('patience'));
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain('in the browser');
  });
});

describe('when the embedder answers', () => {
  it('should return the EmbedResponse and cache it', async () => {
    const e = new CountingEmbedder();
    const { app, logs } = await createTestProxy({}, { index: INDEX, embedder: e });
    const first = await app.request('/api/embed', embed('  What is   patience? '));
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const body = (await first.json()) as { embedding: number[]; dims: number; model: string; indexId: string };
    expect(body).toStrictEqual({ embedding: [0.17, 0.18, 0.19, 0.2, 0.21, 0.22, 0.23, 0.24], dims: 8, model: 'gemini-embedding-001', indexId: INDEX.id });
    expect(e.calls).toStrictEqual([['What is patience?']]);
    const second = await app.request('/api/embed', embed('What is patience?'));
    expect(second.headers.get('x-cache')).toBe('hit');
    expect(await second.json()).toStrictEqual(body);
    expect(e.calls).toHaveLength(1);
    expect(logs.map((l) => JSON.parse(l).cache)).toStrictEqual(['miss', 'hit']);
    expect(logs.join('\n')).not.toContain('patience');
  });

  it('should coalesce identical requests in flight into one upstream call', async () => {
    const e = new CountingEmbedder();
    e.delayMs = 50;
    const { app } = await createTestProxy({}, { index: INDEX, embedder: e });
    const responses = await Promise.all(Array.from({ length: 5 }, () => app.request('/api/embed', embed('mercy'))));
    expect(responses.map((r) => r.status)).toStrictEqual([200, 200, 200, 200, 200]);
    expect(responses.map((r) => r.headers.get('x-cache')).sort()).toStrictEqual(['coalesced', 'coalesced', 'coalesced', 'coalesced', 'miss']);
    expect(e.calls).toHaveLength(1);
  });

  it('should not cache failures', async () => {
    const e = new CountingEmbedder();
    e.failWith = Object.assign(new Error('quota'), { status: 429 });
    const { app } = await createTestProxy({}, { index: INDEX, embedder: e });
    const res = await app.request('/api/embed', embed('mercy'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('upstream-rate-limited');
    e.failWith = null;
    expect((await app.request('/api/embed', embed('mercy'))).headers.get('x-cache')).toBe('miss');
    expect(e.calls).toHaveLength(2);
  });

  it('should refuse a vector that does not match the index dimension', async () => {
    const { app } = await createTestProxy({}, { index: INDEX, embedder: new CountingEmbedder(4) });
    const res = await app.request('/api/embed', embed('mercy'));
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('embedder-mismatch');
  });
});

describe('when the embedding budget is used up', () => {
  it('should still answer from the cache but refuse a new upstream call with 503', async () => {
    const e = new CountingEmbedder();
    const { app } = await createTestProxy({ BUDGET_EMBED_REQUESTS_PER_DAY: '1' }, { index: INDEX, embedder: e });
    expect((await app.request('/api/embed', embed('patience'))).status).toBe(200);
    expect((await app.request('/api/embed', embed('patience'))).headers.get('x-cache')).toBe('hit');
    const refused = await app.request('/api/embed', embed('mercy'));
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe(String(Math.ceil((Date.UTC(2025, 10, 23) - 1_763_800_000_000) / 1000)));
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('budget-exhausted');
    expect(e.calls).toStrictEqual([['patience']]);
  });
});

describe('when the caller is not a web page', () => {
  it('should refuse a request without Origin or token and not call the embedder', async () => {
    const e = new CountingEmbedder();
    const { app } = await createTestProxy({}, { index: INDEX, embedder: e });
    const res = await app.request('/api/embed', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'patience' }),
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('origin-required');
    expect(e.calls).toHaveLength(0);
  });
});

describe('when the embed request is invalid', () => {
  it('should name the field for a missing, empty or too long text', async () => {
    const { app } = await createTestProxy({}, { index: INDEX, embedder: new CountingEmbedder() });
    for (const text of [undefined, 42, '   ', 'x'.repeat(1001)]) {
      const res = await app.request('/api/embed', embed(text));
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: { field: string } }).error.field).toBe('text');
    }
  });
  it('should refuse malformed JSON and oversized bodies', async () => {
    const { app } = await createTestProxy({}, { index: INDEX, embedder: new CountingEmbedder() });
    expect((await app.request('/api/embed', chatInit('{"text":'))).status).toBe(400);
    expect((await app.request('/api/embed', chatInit({ text: 'x'.repeat(40_000) }))).status).toBe(413);
  });
  it('should rate-limit embeds per client with Retry-After', async () => {
    const { app, advance } = await createTestProxy({ RATE_LIMIT_EMBED_PER_HOUR: '2' }, { index: INDEX, embedder: new CountingEmbedder() });
    expect((await app.request('/api/embed', embed('a'))).status).toBe(200);
    expect((await app.request('/api/embed', embed('b'))).status).toBe(200);
    advance(600_000);
    const limited = await app.request('/api/embed', embed('c'));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3000');
  });
});

describe('when the real Gemini embedder talks to the fake Gemini server over HTTP', () => {
  let gemini: FakeGemini;
  beforeAll(async () => {
    gemini = await startFakeGemini();
  });
  afterAll(async () => {
    await gemini.close();
  });

  it('should send RETRIEVAL_QUERY with the index dimension once for a repeated question', async () => {
    const embedder = new GeminiEmbedder({ apiKey: FAKE_GEMINI_API_KEY, baseURL: gemini.baseURL, dims: 8, maxRetries: 0 });
    const { app } = await createTestProxy({}, { index: INDEX, embedder });
    const [a, b] = await Promise.all([app.request('/api/embed', embed('patience')), app.request('/api/embed', embed('patience'))]);
    expect([a.status, b.status]).toStrictEqual([200, 200]);
    const va = ((await a.json()) as { embedding: number[] }).embedding;
    expect(va).toHaveLength(8);
    expect(Math.hypot(...va)).toBeCloseTo(1, 5);
    expect(gemini.calls).toHaveLength(1);
    const body = JSON.stringify(gemini.calls[0]!.body);
    expect(body).toContain('RETRIEVAL_QUERY');
    expect(body).toContain('"outputDimensionality":8');
    expect(body).toContain('patience');
  });

  it('should map an upstream 500 to a 502 JSON error without the upstream message', async () => {
    gemini.failNext(1, 500);
    const embedder = new GeminiEmbedder({ apiKey: FAKE_GEMINI_API_KEY, baseURL: gemini.baseURL, dims: 8, maxRetries: 0 });
    const { app } = await createTestProxy({}, { index: INDEX, embedder });
    const res = await app.request('/api/embed', embed('charity'));
    expect(res.status).toBe(502);
    const text = await res.text();
    expect(JSON.parse(text).error.code).toBe('upstream-error');
    expect(text).not.toContain('internal error has occurred');
  });
});

describe('when questions cost the embedder by their size', () => {
  it("should count a long question as several requests of the client's allowance, a short one as one", async () => {
    const e = new CountingEmbedder();
    const { app } = await createTestProxy({ RATE_LIMIT_EMBED_PER_HOUR: '12' }, { index: INDEX, embedder: e });
    // 1,000 Chinese characters are 3,000 bytes: 10 requests' worth.
    const long = '耐'.repeat(1000);
    expect((await app.request('/api/embed', embed(long))).status).toBe(200);
    expect((await app.request('/api/embed', embed('patience'))).status).toBe(200);
    expect((await app.request('/api/embed', embed('mercy'))).status).toBe(200);
    const refused = await app.request('/api/embed', embed('忍'.repeat(400)));
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe('rate-limited');
    expect(e.calls.map((c) => c[0]!.length)).toStrictEqual([1000, 8, 5]);
  });
  it('should compute at most two embeddings at once and tell the rest to retry once the queue is full', async () => {
    const e = new CountingEmbedder();
    e.delayMs = 100;
    let inFlight = 0;
    let most = 0;
    const inner = e.embed.bind(e);
    e.embed = async (texts, task) => {
      most = Math.max(most, ++inFlight);
      try {
        return await inner(texts, task);
      } finally {
        inFlight--;
      }
    };
    const { app } = await createTestProxy({ RATE_LIMIT_EMBED_PER_HOUR: '1000' }, { index: INDEX, embedder: e });
    const statuses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => Promise.resolve(app.request('/api/embed', embed(`question ${i}`))).then((r) => r.status)),
    );
    expect(most).toBe(2);
    expect(statuses.filter((s) => s === 200)).toHaveLength(18); // 2 computing + 16 waiting
    expect(statuses.filter((s) => s === 503)).toHaveLength(6);
  });
});
