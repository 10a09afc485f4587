/**
 * Several proxy instances (the real Node entry) on one real `redis-server`: limits, budgets and
 * the embed cache are shared, and Redis failing (restart, unreachable, hung) costs visitors nothing.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer as createTcpServer, type Server as TcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { startServer, type RunningServer } from '../server.js';
import { GEMINI_TEST_INDEX, writeIndexManifestFixture } from '../testing/index-manifest-fixture.js';
import { startFakeXai, type FakeXaiServer } from '../testing/fake-xai.js';
import { FAKE_GEMINI_API_KEY, startFakeGemini, type FakeGemini } from '../../data/testing/fake-gemini.js';
import { parseUiStream, partTypes } from '../testing/read-ui-stream.js';
import { freeLoopbackPort, startRedisServer, type TestRedisServer } from '../testing/redis-server.js';
import { startFakeUpstashRest } from '../testing/fake-upstash-rest.js';

/** Polls an async condition (vitest's poller). */
const waitUntil = (condition: () => boolean | Promise<boolean>, { timeout = 5000 } = {}) =>
  vi.waitFor(
    async () => {
      if (!(await condition())) throw new Error('condition not met in time');
    },
    { timeout, interval: 20 },
  );

const INDEX_ID = GEMINI_TEST_INDEX.id;
const CHAT = { question: 'What does the Quran say about patience?', history: [], verses: [{ ref: '2:153', context: '2:150-156' }] };

let redis: TestRedisServer;
let admin: Redis;
let xai: FakeXaiServer;
let gemini: FakeGemini;
let root: string;
const running: RunningServer[] = [];
const logs: string[] = [];

beforeAll(async () => {
  redis = await startRedisServer();
  admin = new Redis(redis.url, { lazyConnect: true, maxRetriesPerRequest: null });
  admin.on('error', () => undefined); // it reconnects after the restart test
  await admin.connect();
  xai = await startFakeXai();
  gemini = await startFakeGemini();
  root = await mkdtemp(join(tmpdir(), 'quran-dai-shared-'));
  await mkdir(join(root, 'demo'));
  await writeFile(join(root, 'demo', 'index.html'), '<!doctype html><title>demo</title>');
  await writeIndexManifestFixture(join(root, 'index'), (await loadTestCorpus()).version);
});

afterAll(async () => {
  admin?.disconnect();
  await redis?.stop();
  await xai?.close();
  await gemini?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

beforeEach(async () => {
  await admin.flushall();
  xai.respondWith('Patience is praised [2:153].');
  xai.setTiming({ latencyMs: 0, chunkDelayMs: 0 });
  gemini.reset();
  logs.length = 0;
});

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
});

async function startInstances(count: number, env: Record<string, string>, redisUrl = redis.url): Promise<RunningServer[]> {
  const corpus = await loadTestCorpus();
  const started = await Promise.all(
    Array.from({ length: count }, () =>
      startServer({
        env: {
          PORT: '0',
          XAI_API_KEY: 'xai-test-KEY-0123456789abcdef',
          XAI_BASE_URL: xai.baseURL,
          GEMINI_API_KEY: FAKE_GEMINI_API_KEY,
          GEMINI_BASE_URL: gemini.baseURL,
          UPSTREAM_MAX_RETRIES: '0',
          DEMO_DIR: join(root, 'demo'),
          INDEX_DIR: join(root, 'index'),
          SITE_DIR: join(root, 'no-site'),
          REDIS_URL: redisUrl,
          // What is shared is under test here, not the deadline (it has its own test below): on a busy
          // machine a store's answer took longer than the 250 ms default, and the limits fell back to memory.
          REDIS_COMMAND_TIMEOUT_MS: '5000',
          ...env,
        },
        corpus,
        log: (l) => logs.push(l),
      }),
    ),
  );
  running.push(...started);
  return started;
}

/** The same visitor (127.0.0.1) on the demo page each instance serves. */
const post = (s: RunningServer, path: string, body: unknown) =>
  fetch(`${s.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: s.url }, body: JSON.stringify(body) });

async function metric(s: RunningServer, line: RegExp): Promise<number> {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  const m = line.exec(text);
  return m ? Number(m[1]) : NaN;
}

const connected = (s: RunningServer) => metric(s, /^quran_dai_shared_store_up (\d+)$/m);
const fallbacks = async (s: RunningServer) => {
  const text = await (await fetch(`${s.url}/metrics`)).text();
  return [...text.matchAll(/^quran_dai_shared_store_fallback_total\{store="[^"]+"\} (\d+)$/gm)].reduce((n, m) => n + Number(m[1]), 0);
};

describe('when two instances share one Redis', () => {
  it("should enforce one client's rate limit together", async () => {
    const [a, b] = await startInstances(2, { RATE_LIMIT_CHAT_PER_HOUR: '3' });
    await waitUntil(async () => (await connected(a!)) === 1 && (await connected(b!)) === 1);
    const statuses = [];
    for (const s of [a, b, a, b, a]) {
      const res = await post(s!, '/api/chat', CHAT);
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toStrictEqual([200, 200, 200, 429, 429]);
    const refused = await post(b!, '/api/chat', CHAT);
    expect(refused.status).toBe(429);
    expect((await refused.json()).error.code).toBe('rate-limited');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3500);
    expect(await fallbacks(a!)).toBe(0);
    expect(await admin.keys('quran-dai:rate:chat:*')).toStrictEqual(['quran-dai:rate:chat:127.0.0.1']);
  });

  it('should not count invalid requests against the shared limit', async () => {
    const [a, b] = await startInstances(2, { RATE_LIMIT_CHAT_PER_HOUR: '2' });
    await waitUntil(async () => (await connected(a!)) === 1 && (await connected(b!)) === 1);
    for (const s of [a, b, a, b]) {
      const junk = await post(s!, '/api/chat', { question: 7 });
      expect(junk.status).toBe(400);
      await junk.text();
    }
    const statuses = [];
    for (const s of [a, b, a]) {
      const res = await post(s!, '/api/chat', CHAT);
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toStrictEqual([200, 200, 429]);
    expect(await fallbacks(a!)).toBe(0);
  });
  it('should spend one chat budget together', async () => {
    const [a, b] = await startInstances(2, { BUDGET_CHAT_REQUESTS_PER_HOUR: '2' });
    await waitUntil(async () => (await connected(a!)) === 1 && (await connected(b!)) === 1);
    const statuses = [];
    for (const s of [a, b, a]) {
      const res = await post(s!, '/api/chat', CHAT);
      statuses.push(res.status);
      await res.text();
    }
    expect(statuses).toStrictEqual([200, 200, 503]);
  });

  it('should embed a question once for both instances', async () => {
    const [a, b] = await startInstances(2, {});
    await waitUntil(async () => (await connected(a!)) === 1 && (await connected(b!)) === 1);
    const first = await post(a!, '/api/embed', { text: 'patience in hardship' });
    expect(first.status).toBe(200);
    expect(first.headers.get('x-cache')).toBe('miss');
    const firstBody = await first.json();
    await waitUntil(async () => (await admin.keys('quran-dai:embed:*')).length === 1);
    const second = await post(b!, '/api/embed', { text: 'patience  in hardship ' });
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache')).toBe('shared');
    expect(await second.json()).toStrictEqual(firstBody);
    expect(gemini.embeddedTextCount).toBe(1);
    // The question itself is not stored in Redis, only its hash.
    expect((await admin.keys('quran-dai:embed:*'))[0]).toMatch(new RegExp(`^quran-dai:embed:${INDEX_ID}:[0-9a-f]{64}$`));
  });
});

describe('when Redis restarts while answers stream', () => {
  it('should lose no request and fail no stream, and share limits again once it is back', async () => {
    const [a, b] = await startInstances(2, { RATE_LIMIT_CHAT_PER_HOUR: '1000' });
    await waitUntil(async () => (await connected(a!)) === 1 && (await connected(b!)) === 1);
    // About 50 chunks 25 ms apart: every stream is still running when Redis goes down.
    xai.respondWith('Patience is praised, and those who are patient are given good news [2:153]. '.repeat(8));
    xai.setTiming({ chunkDelayMs: 25 });
    const answers: Promise<{ status: number; body: string }>[] = [];
    const ask = (s: RunningServer) => answers.push(post(s, '/api/chat', CHAT).then(async (r) => ({ status: r.status, body: await r.text() })));
    for (let i = 0; i < 6; i++) ask(i % 2 ? a! : b!);
    await waitUntil(() => xai.calls.length >= 6);
    const restarted = redis.restart({ downMs: 300 });
    // Asked while Redis is down or coming back.
    for (let i = 0; i < 6; i++) {
      ask(i % 2 ? a! : b!);
      await new Promise((r) => setTimeout(r, 50));
    }
    await restarted;
    const done = await Promise.all(answers);
    expect(done.map((d) => d.status)).toStrictEqual(Array(12).fill(200));
    for (const d of done) {
      const types = partTypes(parseUiStream(d.body));
      expect(types).not.toContain('error');
      expect(types.slice(-2)).toStrictEqual(['finish', '[DONE]']);
    }
    expect((await fallbacks(a!)) + (await fallbacks(b!))).toBeGreaterThan(0);
    expect(logs.some((l) => l.includes('"event":"shared-store-disconnected"'))).toBe(true);

    // Back: the instances reconnect by themselves and count together again (Redis lost every key).
    await waitUntil(async () => (await connected(a!)) === 1 && (await connected(b!)) === 1, { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 1_100)); // the pause after the last failure
    xai.setTiming({ chunkDelayMs: 0 });
    for (const s of [a, b, a]) await (await post(s!, '/api/chat', CHAT)).text();
    expect(await admin.get('quran-dai:rate:chat:127.0.0.1')).toBe('3');
  });
});

describe('when Redis is unreachable', () => {
  it('should answer on per-instance limits, and say so in the log and /metrics', async () => {
    const [a] = await startInstances(1, { RATE_LIMIT_CHAT_PER_HOUR: '2' }, `redis://127.0.0.1:${await freeLoopbackPort()}`);
    const statuses = [];
    for (let i = 0; i < 3; i++) {
      const res = await post(a!, '/api/chat', CHAT);
      statuses.push(res.status);
      const types = partTypes(parseUiStream(await res.text()));
      if (res.status === 200) expect(types.slice(-2)).toStrictEqual(['finish', '[DONE]']);
    }
    expect(statuses).toStrictEqual([200, 200, 429]);
    const embed = await post(a!, '/api/embed', { text: 'mercy' });
    expect(embed.status).toBe(200);
    expect(await connected(a!)).toBe(0);
    // Three chats and one embed, each counted on this instance.
    expect(await metric(a!, /^quran_dai_shared_store_fallback_total\{store="rate-limit"\} (\d+)$/m)).toBe(4);
    expect(await metric(a!, /^quran_dai_shared_store_fallback_total\{store="embed-cache"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(logs.some((l) => l.includes('"event":"shared-store-disconnected"') && l.includes('ECONNREFUSED'))).toBe(true);
  });
});

describe('when Redis accepts connections but never answers', () => {
  let hung: TcpServer;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    hung = createTcpServer((socket) => sockets.push(socket));
    await new Promise<void>((r) => hung.listen(0, '127.0.0.1', () => r()));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => hung.close(r));
  });

  it('should answer within the command timeout on per-instance limits', async () => {
    const port = (hung.address() as { port: number }).port;
    const [a] = await startInstances(1, { RATE_LIMIT_CHAT_PER_HOUR: '1', REDIS_COMMAND_TIMEOUT_MS: '100' }, `redis://127.0.0.1:${port}`);
    const first = await post(a!, '/api/chat', CHAT);
    expect(first.status).toBe(200);
    expect(partTypes(parseUiStream(await first.text())).slice(-2)).toStrictEqual(['finish', '[DONE]']);
    expect((await post(a!, '/api/chat', CHAT)).status).toBe(429);
    expect(await metric(a!, /^quran_dai_shared_store_fallback_total\{store="rate-limit"\} (\d+)$/m)).toBe(2);
  });
});

describe('when two instances share Upstash over its REST API (edge runtimes)', () => {
  it("should enforce one client's rate limit together, and fall back to memory when the API is down", async () => {
    const rest = await startFakeUpstashRest(redis.url);
    try {
      const [a, b] = await startInstances(2, { RATE_LIMIT_CHAT_PER_HOUR: '3', UPSTASH_REDIS_REST_URL: rest.url, UPSTASH_REDIS_REST_TOKEN: rest.token }, '');
      const statuses = [];
      for (const s of [a, b, a, b]) {
        const res = await post(s!, '/api/chat', CHAT);
        statuses.push(res.status);
        await res.text();
      }
      expect(statuses).toStrictEqual([200, 200, 200, 429]);
      expect(await admin.keys('quran-dai:rate:chat:*')).toStrictEqual(['quran-dai:rate:chat:127.0.0.1']);
      expect(logs.join('\n')).not.toContain(rest.token);

      // The API goes down: the visitor is counted in memory, not refused or failed.
      rest.down = true;
      await admin.flushall();
      const [c] = await startInstances(1, { RATE_LIMIT_CHAT_PER_HOUR: '3', UPSTASH_REDIS_REST_URL: rest.url, UPSTASH_REDIS_REST_TOKEN: rest.token }, '');
      const res = await post(c!, '/api/chat', CHAT);
      expect(res.status).toBe(200);
      expect(parseUiStream(await res.text()).at(-1)).toBe('[DONE]');
      expect(await fallbacks(c!)).toBeGreaterThan(0);
    } finally {
      await rest.close();
    }
  });
});
