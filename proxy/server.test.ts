/**
 * Real HTTP: the Node entry against the fake xAI and fake Gemini servers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTestCorpus } from '../data/testing/test-corpus.js';
import { startServer, type RunningServer } from './server.js';
import { GEMINI_TEST_INDEX, writeIndexManifestFixture } from './testing/index-manifest-fixture.js';
import { startFakeXai, type FakeXaiServer } from './testing/fake-xai.js';
import { startFakeGemini, FAKE_GEMINI_API_KEY, type FakeGemini } from '../data/testing/fake-gemini.js';
import { partTypes, parseUiStream } from './testing/read-ui-stream.js';
import { ProxyConfigError } from './config/proxy-config.js';
import { createServer as createNetServer } from 'node:net';

const XAI_KEY = 'xai-REAL-LOOKING-KEY-5f1e2d3c4b5a69788796';
const INDEX_ID = GEMINI_TEST_INDEX.id;
const CHAT = { question: 'What does the Quran say about patience?', history: [], verses: [{ ref: '2:153', context: '2:150-156' }] };

let xai: FakeXaiServer;
let gemini: FakeGemini;
let root: string;
let server: RunningServer;
const logs: string[] = [];
const seen: string[] = []; // every response head and body, for the key scan

async function record(res: Response): Promise<string> {
  const body = await res.text();
  seen.push(`${res.status} ${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n\n${body}`);
  return body;
}

/** A JSON POST as the demo page served by this proxy sends it (same origin). */
const post = (path: string, body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, ...headers },
    body: JSON.stringify(body),
    ...(signal ? { signal } : {}),
  });
const sameOrigin = () => ({ 'content-type': 'application/json', origin: server.url });

beforeAll(async () => {
  xai = await startFakeXai();
  gemini = await startFakeGemini();
  root = await mkdtemp(join(tmpdir(), 'quran-dai-proxy-'));
  await mkdir(join(root, 'demo'));
  await writeFile(join(root, 'demo', 'index.html'), '<!doctype html><title>quran-dai demo</title>');
  await writeIndexManifestFixture(join(root, 'index'), (await loadTestCorpus()).version);
  server = await startServer({
    env: {
      PORT: '0',
      XAI_API_KEY: XAI_KEY,
      XAI_BASE_URL: xai.baseURL,
      GEMINI_API_KEY: FAKE_GEMINI_API_KEY,
      GEMINI_BASE_URL: gemini.baseURL,
      UPSTREAM_MAX_RETRIES: '0',
      RATE_LIMIT_CHAT_PER_HOUR: '1000',
      DEMO_DIR: join(root, 'demo'),
      INDEX_DIR: join(root, 'index'),
      // Not what `npm start` built into data/dist/site.
      SITE_DIR: join(root, 'no-site'),
      ALLOWED_ORIGINS: 'https://mosque.example',
    },
    corpus: await loadTestCorpus(),
    log: (l) => logs.push(l),
  });
});

afterAll(async () => {
  await server?.close();
  await xai.close();
  await gemini.close();
  await rm(root, { recursive: true, force: true });
});

describe('when the proxy runs on Node', () => {
  it('should serve health, config and the demo page', async () => {
    const health = JSON.parse(await record(await fetch(`${server.url}/health`)));
    expect(health).toMatchObject({
      status: 'ok',
      index: { id: INDEX_ID, embedder: 'gemini', dims: 8 },
      providers: { chat: 'xai', chatModel: 'grok-3-mini', queryEmbedding: 'proxy' },
    });
    const config = JSON.parse(await record(await fetch(`${server.url}/api/config`)));
    expect(config).toStrictEqual({
      corpusManifest: '/data/corpus/manifest.json',
      corpusVersion: (await loadTestCorpus()).version,
      index: { id: INDEX_ID, manifest: `/data/index/${INDEX_ID}/manifest.json`, queryEmbedding: 'proxy' },
      chat: true,
      feedback: false,
      suggest: true,
    });
    const page = await fetch(`${server.url}/`);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await record(page)).toContain('quran-dai demo');
    const manifest = await fetch(`${server.url}${config.index.manifest}`);
    expect(manifest.status).toBe(200);
    expect(JSON.parse(await record(manifest)).id).toBe(INDEX_ID);
  });

  it('should serve the corpus with brotli and immutable caching', async () => {
    const corpus = await loadTestCorpus();
    const arabic = corpus.manifest.files.find((f) => f.part === 'arabic')!.path;
    const res = await fetch(`${server.url}/data/corpus/${arabic}`, { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Node's fetch decodes br itself, so the text below is the decoded JSON.
    expect(res.headers.get('content-encoding')).toBe('br');
    const json = JSON.parse(await res.text());
    expect(json.texts).toHaveLength(6236);
  });

  it('should serve the Quranic font (Scheherazade New, OFL) for visitors without one', async () => {
    const res = await fetch(`${server.url}/fonts/scheherazade-new-arabic-400-normal.woff2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/woff2');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('wOF2');
  });

  it('should stream a chat answer over HTTP', async () => {
    xai.respondWith('Patience and prayer [2:153].');
    const res = await post('/api/chat', CHAT);
    expect(res.status).toBe(200);
    const frames = parseUiStream(await record(res));
    expect(partTypes(frames)).toStrictEqual([
      'start',
      'start-step',
      'text-start',
      'text-delta',
      'text-delta',
      'text-delta',
      'text-end',
      'finish-step',
      'finish',
      '[DONE]',
    ]);
  });

  it('should embed through the fake Gemini server', async () => {
    const res = await post('/api/embed', { text: 'patience' });
    expect(res.status).toBe(200);
    expect(JSON.parse(await record(res)).embedding).toHaveLength(8);
  });

  it('should refuse a disallowed origin and serve an allowed one', async () => {
    const bad = await post('/api/embed', { text: 'x' }, { origin: 'https://evil.example' });
    expect(bad.status).toBe(403);
    await record(bad);
    const good = await post('/api/embed', { text: 'x' }, { origin: 'https://mosque.example' });
    expect(good.status).toBe(200);
    expect(good.headers.get('access-control-allow-origin')).toBe('https://mosque.example');
    await record(good);
  });
});

describe('when the body is read from the socket (Node fast path)', () => {
  it('should refuse an oversized body, declared or chunked, with 413 JSON', async () => {
    const big = JSON.stringify({ ...CHAT, question: 'x'.repeat(40_000) });
    const declared = await fetch(`${server.url}/api/chat`, { method: 'POST', headers: sameOrigin(), body: big });
    expect(declared.status).toBe(413);
    expect(JSON.parse(await record(declared)).error).toMatchObject({ code: 'payload-too-large', field: 'body' });
    const bytes = new TextEncoder().encode(big);
    const chunked = await fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: sameOrigin(),
      body: new ReadableStream({
        start(c) {
          for (let i = 0; i < bytes.length; i += 8192) c.enqueue(bytes.slice(i, i + 8192));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
    expect(JSON.parse(await record(chunked)).error.code).toBe('payload-too-large');
  });
  it('should read a chunked body under the cap and name a malformed one', async () => {
    const ok = await fetch(`${server.url}/api/embed`, {
      method: 'POST',
      headers: sameOrigin(),
      body: new ReadableStream({
        start(c) {
          c.enqueue(new TextEncoder().encode('{"text":'));
          c.enqueue(new TextEncoder().encode('"mercy"}'));
          c.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(ok.status).toBe(200);
    await record(ok);
    const bad = await fetch(`${server.url}/api/chat`, { method: 'POST', headers: sameOrigin(), body: '{"question":' });
    expect(bad.status).toBe(400);
    expect(JSON.parse(await record(bad)).error).toMatchObject({ code: 'invalid-json', field: 'body' });
  });
});

describe('when the client disconnects mid-answer', () => {
  it('should abort the upstream request (the fake sees the disconnect)', async () => {
    xai.respondWith({ text: 'y'.repeat(600), chunkChars: 3, chunkDelayMs: 15 });
    const before = xai.calls.length;
    const ac = new AbortController();
    const res = await post('/api/chat', CHAT, {}, ac.signal);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('text-delta')) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`the stream ended before any text: ${text}`);
      text += decoder.decode(value);
    }
    ac.abort();
    const call = await xai.waitForCallEnd(before);
    expect(call.disconnected).toBe(true);
    expect(call.completed).toBe(false);
  });
});

describe('when X-Forwarded-For is trusted', () => {
  it('should rate-limit per forwarded client, and per socket when not trusted', async () => {
    const env = {
      PORT: '0',
      XAI_API_KEY: XAI_KEY,
      XAI_BASE_URL: xai.baseURL,
      RATE_LIMIT_CHAT_PER_HOUR: '1',
      DEMO_DIR: join(root, 'demo'),
      INDEX_DIR: join(root, 'none'),
      SITE_DIR: join(root, 'no-site'),
    };
    xai.respondWith('ok [2:153]');
    for (const trust of ['true', 'false']) {
      const s = await startServer({ env: { ...env, TRUST_PROXY: trust }, corpus: await loadTestCorpus(), log: (l) => logs.push(l) });
      const statuses = [];
      for (const ip of ['198.51.100.1', '198.51.100.2']) {
        const r = await fetch(`${s.url}/api/chat`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: s.url, 'x-forwarded-for': ip },
          body: JSON.stringify(CHAT),
        });
        statuses.push(r.status);
        await record(r);
      }
      await s.close();
      expect(statuses).toStrictEqual(trust === 'true' ? [200, 200] : [200, 429]);
    }
  });
});

describe('when configured through a .env file', () => {
  it('should read it from the root directory', async () => {
    const dir = join(root, 'dotenv');
    await mkdir(dir);
    await writeFile(join(dir, '.env'), `# comment\nPORT=0\nXAI_API_KEY="${XAI_KEY}"\nXAI_BASE_URL=${xai.baseURL}\nXAI_MODEL=grok-test\n`);
    const s = await startServer({ rootDir: dir, corpus: await loadTestCorpus(), log: (l) => logs.push(l) });
    const health = JSON.parse(await record(await fetch(`${s.url}/health`)));
    await s.close();
    expect(health.providers).toMatchObject({ chat: 'xai', chatModel: 'grok-test' });
  });
});

describe('when the widget bundle has not been built', () => {
  it('should start, and log how to build the widget the embed snippet loads', async () => {
    const lines: string[] = [];
    const empty = join(root, 'no-widget');
    await mkdir(empty);
    const s = await startServer({
      env: { PORT: '0', DEMO_DIR: join(root, 'demo'), INDEX_DIR: join(root, 'none'), SITE_DIR: join(root, 'no-site'), WIDGET_DIR: empty },
      corpus: await loadTestCorpus(),
      log: (l) => lines.push(l),
    });
    const script = await fetch(`${s.url}/widget/quran-dai.js`);
    await script.body?.cancel();
    await s.close();
    expect(script.status).toBe(404);
    const notes = lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === 'widget-missing');
    expect(notes).toStrictEqual([
      expect.objectContaining({
        level: 'info',
        dir: empty,
        hint: 'run npm run build:widget (or npm run build): pages embedding the widget load /widget/quran-dai.js from this folder',
      }),
    ]);
  });

  it('should not log it when the bundle is there', async () => {
    const lines: string[] = [];
    const built = join(root, 'built-widget');
    await mkdir(built);
    await writeFile(join(built, 'quran-dai.js'), 'export {};');
    const s = await startServer({
      env: { PORT: '0', DEMO_DIR: join(root, 'demo'), INDEX_DIR: join(root, 'none'), SITE_DIR: join(root, 'no-site'), WIDGET_DIR: built },
      corpus: await loadTestCorpus(),
      log: (l) => lines.push(l),
    });
    const script = await fetch(`${s.url}/widget/quran-dai.js`);
    await script.body?.cancel();
    await s.close();
    expect(script.status).toBe(200);
    expect(lines.filter((l) => l.includes('widget-missing'))).toStrictEqual([]);
  });
});

describe('when the topic index has not been built', () => {
  it('should start, say how to build it, and say in its start line what it serves', async () => {
    const lines: string[] = [];
    const s = await startServer({
      env: { PORT: '0', DEMO_DIR: join(root, 'demo'), INDEX_DIR: join(root, 'none'), SITE_DIR: join(root, 'no-site'), TOPICS_DIR: join(root, 'no-topics') },
      corpus: await loadTestCorpus(),
      log: (l) => lines.push(l),
    });
    await s.close();
    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.filter((e) => e.event === 'topics-missing')).toStrictEqual([
      expect.objectContaining({
        dir: join(root, 'no-topics'),
        hint: 'run npm run build:topics (or npm run build): the widget loads the topic index from this folder after the first results',
      }),
    ]);
    expect(events.find((e) => e.event === 'listening')).toMatchObject({ topics: null, index: null, site: null });
  });
  it('should name the topic version it serves when it is built', async () => {
    const lines: string[] = [];
    const s = await startServer({
      env: { PORT: '0', DEMO_DIR: join(root, 'demo'), INDEX_DIR: join(root, 'none'), SITE_DIR: join(root, 'no-site') },
      corpus: await loadTestCorpus(),
      log: (l) => lines.push(l),
    });
    await s.close();
    const events = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(events.filter((e) => e.event === 'topics-missing')).toStrictEqual([]);
    expect(events.find((e) => e.event === 'listening')!.topics).toMatch(/^[0-9a-f]{8,}$/);
  });
});

describe('when the port is already taken', () => {
  it('should refuse to start with a message that names PORT and a port that is free', async () => {
    const first = await startServer({
      env: { PORT: '0', DEMO_DIR: join(root, 'demo'), INDEX_DIR: join(root, 'none'), SITE_DIR: join(root, 'no-site') },
      corpus: await loadTestCorpus(),
      log: () => undefined,
    });
    // The next port is taken too: the suggestion must not be it.
    const next = createNetServer();
    const nextTaken = await new Promise<boolean>((done) => {
      next.once('error', () => done(false));
      next.listen(first.port + 1, '127.0.0.1', () => done(true));
    });
    try {
      const error = await startServer({
        env: { PORT: String(first.port), DEMO_DIR: join(root, 'demo'), INDEX_DIR: join(root, 'none'), SITE_DIR: join(root, 'no-site') },
        corpus: await loadTestCorpus(),
        log: () => undefined,
      }).then(
        () => undefined,
        (e: Error) => e.message,
      );
      const suggested = Number(/PORT=(\d+)$/.exec(error ?? '')?.[1]);
      expect(error).toMatch(
        new RegExp(
          `^127\\.0\\.0\\.1:${first.port} is already in use \\(another quran-dai, or another program\\); set PORT to a free port, e\\.g\\. PORT=\\d+$`,
        ),
      );
      expect(suggested).toBeGreaterThan(first.port + (nextTaken ? 1 : 0));
    } finally {
      await first.close();
      next.close();
    }
  });
});

describe('when the configuration is invalid', () => {
  it('should refuse to start with a message naming the variable', async () => {
    await expect(startServer({ env: { XAI_API_KEY: 'k-12345', XAI_MODEL: '' }, corpus: await loadTestCorpus() })).rejects.toThrow(ProxyConfigError);
    await expect(startServer({ env: { XAI_API_KEY: 'k-12345', XAI_MODEL: ' ' }, corpus: await loadTestCorpus() })).rejects.toThrow(
      /XAI_API_KEY is set but XAI_MODEL is empty/,
    );
  });
});

describe('when upstreams fail and echo the key back', () => {
  it('should never put a configured key in any response or log line', async () => {
    xai.respondWith({ status: 401, errorMessage: `Incorrect API key provided: ${XAI_KEY}` });
    await record(await post('/api/chat', CHAT));
    xai.respondWith({ text: 'abc def ghi jkl', failAfterChunks: 1, errorMessage: `boom ${XAI_KEY}` });
    await record(await post('/api/chat', CHAT));
    gemini.failNext(1, 500);
    await record(await post('/api/embed', { text: `a new question ${Date.now()}` }));
    await record(await fetch(`${server.url}/metrics`));
    await record(await fetch(`${server.url}/nope`));
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.length).toBeGreaterThan(10);
    expect(logs.length).toBeGreaterThan(10);
    for (const text of [...seen, ...logs]) {
      expect(text).not.toContain(XAI_KEY);
      expect(text).not.toContain(FAKE_GEMINI_API_KEY);
    }
    // The fake really did receive the key: the scan would catch a leak.
    expect(xai.calls.at(-1)!.headers.authorization).toBe(`Bearer ${XAI_KEY}`);
  });
});
