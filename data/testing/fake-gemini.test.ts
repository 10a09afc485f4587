import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { embed, embedMany } from 'ai';
import { FakeGemini, requestTexts, startFakeGemini } from './fake-gemini.js';
import { testHashingVector } from '../embed/test-hashing-embedder.js';

let fake: FakeGemini;
beforeAll(async () => {
  fake = await startFakeGemini();
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const post = (path: string, body: unknown, headers: Record<string, string> = { 'x-goog-api-key': fake.apiKey }) =>
  fetch(`${fake.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

const model = () => createGoogleGenerativeAI({ apiKey: fake.apiKey, baseURL: fake.baseURL }).embeddingModel('gemini-embedding-001');

describe('when the real @ai-sdk/google provider embeds one text', () => {
  it('should hit :embedContent with the key, task type and dimension, and get the hashing vector back', async () => {
    const { embedding } = await embed({
      model: model(),
      value: 'patience and prayer',
      maxRetries: 0,
      providerOptions: { google: { outputDimensionality: 256, taskType: 'RETRIEVAL_QUERY' } },
    });
    expect(fake.calls).toHaveLength(1);
    const call = fake.calls[0]!;
    expect(call.path).toBe('/v1beta/models/gemini-embedding-001:embedContent');
    expect(call.headers['x-goog-api-key']).toBe(fake.apiKey);
    expect(call.body).toEqual({
      model: 'models/gemini-embedding-001',
      content: { parts: [{ text: 'patience and prayer' }] },
      outputDimensionality: 256,
      taskType: 'RETRIEVAL_QUERY',
    });
    expect(embedding).toHaveLength(256);
    const unit = testHashingVector('patience and prayer', 256);
    // Below 3072 dims the fake, like Gemini, returns vectors that are not unit length.
    expect(embedding[0]).toBeCloseTo(unit[0]! * 0.5, 6);
    expect(embedding[100]).toBeCloseTo(unit[100]! * 0.5, 6);
  });
});

describe('when the real provider embeds many texts', () => {
  it('should send :batchEmbedContents requests of at most 100 and keep the order', async () => {
    const values = Array.from({ length: 150 }, (_, i) => `verse number ${i}`);
    const { embeddings } = await embedMany({
      model: model(),
      values,
      maxRetries: 0,
      providerOptions: { google: { outputDimensionality: 64, taskType: 'RETRIEVAL_DOCUMENT' } },
    });
    expect(fake.calls.map((c) => c.path)).toEqual([
      '/v1beta/models/gemini-embedding-001:batchEmbedContents',
      '/v1beta/models/gemini-embedding-001:batchEmbedContents',
    ]);
    expect(fake.calls.map((c) => requestTexts(c.body).length).sort()).toEqual([100, 50]);
    const first = (fake.calls[0]!.body as { requests: Array<Record<string, unknown>> }).requests[0];
    expect(first).toMatchObject({ model: 'models/gemini-embedding-001', outputDimensionality: 64, taskType: 'RETRIEVAL_DOCUMENT' });
    expect(embeddings).toHaveLength(150);
    expect(embeddings[149]![5]).toBeCloseTo(testHashingVector('verse number 149', 64)[5]! * 0.5, 6);
  });

  it('should answer 3072 numbers when no dimension is asked for', async () => {
    const { embeddings } = await embedMany({ model: model(), values: ['a', 'b'], maxRetries: 0 });
    expect(embeddings.map((e) => e.length)).toEqual([3072, 3072]);
  });
});

describe('when the API key is missing or wrong', () => {
  it('should answer 403 PERMISSION_DENIED without a key', async () => {
    const res = await post('/v1beta/models/gemini-embedding-001:embedContent', { content: { parts: [{ text: 'x' }] } }, {});
    expect(res.status).toBe(403);
    expect((await res.json()).error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
  });

  it('should answer 400 API_KEY_INVALID with a wrong key, which the provider surfaces as the message', async () => {
    const bad = createGoogleGenerativeAI({ apiKey: 'nope', baseURL: fake.baseURL }).embeddingModel('gemini-embedding-001');
    await expect(embed({ model: bad, value: 'x', maxRetries: 0 })).rejects.toThrow('API key not valid. Please pass a valid API key.');
    expect(fake.calls[0]!.status).toBe(400);
  });
});

describe('when failures are queued', () => {
  it('should fail the next N calls with Google error JSON, then recover', async () => {
    fake.failNext(2, 429);
    const a = await post('/v1beta/models/m:embedContent', { content: { parts: [{ text: 'x' }] } });
    expect(a.status).toBe(429);
    expect(await a.json()).toEqual({ error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } });
    expect((await post('/v1beta/models/m:embedContent', { content: { parts: [{ text: 'x' }] } })).status).toBe(429);
    expect((await post('/v1beta/models/m:embedContent', { content: { parts: [{ text: 'x' }] } })).status).toBe(200);
  });

  it('should let the AI SDK see a 500 as retryable', async () => {
    fake.failNext(1, 500);
    const error = await embed({ model: model(), value: 'x', maxRetries: 0 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 500, isRetryable: true });
  });

  it('should send a body that is not JSON for malformed', async () => {
    fake.failNext(1, 'malformed');
    await expect(embed({ model: model(), value: 'x', maxRetries: 0 })).rejects.toThrow();
    expect(fake.calls[0]!.status).toBe(200);
  });

  it('should hang until the client aborts, and record the abort', async () => {
    fake.failNext(1, 'hang');
    const controller = new AbortController();
    const pending = embed({ model: model(), value: 'x', maxRetries: 0, abortSignal: controller.signal });
    await new Promise((r) => setTimeout(r, 50));
    controller.abort();
    await expect(pending).rejects.toThrow();
    await new Promise((r) => setTimeout(r, 20));
    expect(fake.calls[0]!.aborted).toBe(true);
    expect(fake.calls[0]!.status).toBeUndefined();
  });
});

describe('when failures are decided per request', () => {
  it('should reset the connection mid-body for the texts it is told to', async () => {
    const own = await startFakeGemini({ failureFor: (texts) => (texts.some((t) => t.includes('[reset]')) ? 'reset' : undefined) });
    try {
      const url = `${own.baseURL}/models/gemini-embedding-001:embedContent`;
      const send = (text: string) =>
        fetch(url, {
          method: 'POST',
          headers: { 'x-goog-api-key': own.apiKey, 'content-type': 'application/json' },
          body: JSON.stringify({ content: { parts: [{ text }] }, outputDimensionality: 8 }),
        });
      expect(((await (await send('mercy')).json()) as { embedding: { values: number[] } }).embedding.values).toHaveLength(8);
      const res = await send('mercy [reset]');
      expect(res.status).toBe(200);
      const error = await res.text().then(
        () => null,
        (e: Error) => e,
      );
      expect((error?.cause as { code?: string } | undefined)?.code).toBe('ECONNRESET');
    } finally {
      await own.close();
    }
  });
});

describe('when requests are invalid', () => {
  it('should refuse more than 100 requests in a batch', async () => {
    const requests = Array.from({ length: 101 }, () => ({ model: 'models/m', content: { parts: [{ text: 'x' }] } }));
    const res = await post('/v1beta/models/m:batchEmbedContents', { requests });
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toContain('at most 100 requests');
  });

  it('should refuse an unknown task type and a dimension over 3072', async () => {
    expect((await post('/v1beta/models/m:embedContent', { content: { parts: [{ text: 'x' }] }, taskType: 'NOPE' })).status).toBe(400);
    expect((await post('/v1beta/models/m:embedContent', { content: { parts: [{ text: 'x' }] }, outputDimensionality: 4000 })).status).toBe(400);
  });

  it('should answer 404 for an unknown path', async () => {
    expect((await post('/v1beta/models/m:generateContent', {})).status).toBe(404);
  });
});

describe('when reset', () => {
  it('should forget calls and queued failures', async () => {
    fake.failNext(3, 500);
    await post('/v1beta/models/m:embedContent', { content: { parts: [{ text: 'x' }] } });
    fake.reset();
    expect(fake.calls).toHaveLength(0);
    expect((await post('/v1beta/models/m:embedContent', { content: { parts: [{ text: 'x' }] } })).status).toBe(200);
  });
});

describe('when latency and a custom vector function are set', () => {
  it('should wait before answering and use the function', async () => {
    const custom = new FakeGemini({ latencyMs: 60, vector: (_t, dims) => Array.from({ length: dims + 1 }, () => 1) });
    await custom.start();
    try {
      const t0 = performance.now();
      const res = await fetch(`${custom.baseURL}/models/m:embedContent`, {
        method: 'POST',
        headers: { 'x-goog-api-key': custom.apiKey },
        body: JSON.stringify({ content: { parts: [{ text: 'x' }] }, outputDimensionality: 4 }),
      });
      expect(performance.now() - t0).toBeGreaterThanOrEqual(55);
      expect((await res.json()).embedding.values).toEqual([1, 1, 1, 1, 1]);
    } finally {
      await custom.close();
    }
  });
});
