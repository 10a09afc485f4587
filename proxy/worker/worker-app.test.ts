/**
 * The Worker's app in Node, with its static-assets binding played by a folder that
 * `buildWorkerAssets` wrote (what `npm run worker:assets` does): it reads its corpus and index
 * from the assets, serves them with the Node proxy's headers, shares limits through Upstash's
 * REST API when configured, and refuses settings a Worker cannot honour, saying what to do.
 */
import { mkdtemp, mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS_DIR, loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import { parseProxyConfig } from '../config/proxy-config.js';
import { REPO_ROOT } from '../server.js';
import { startFakeUpstashRest } from '../testing/fake-upstash-rest.js';
import { startFakeXai, type FakeXaiServer } from '../testing/fake-xai.js';
import { startRedisServer, type TestRedisServer } from '../testing/redis-server.js';
import { buildWorkerAssets } from '../../scripts/worker-build/worker-assets.js';
import type { AssetsBinding } from './assets-file-source.js';
import { createWorkerApp } from './worker-app.js';

const INDEX_ID = 'multilingual-e5-small-384';
const ORIGIN = 'https://quran-dai.example.workers.dev';
const CHAT = { question: 'What does the Quran say about patience?', history: [], verses: [{ ref: '2:153', context: '2:150-156' }] };

let root: string;
let assetsDir: string;
let xai: FakeXaiServer;

/** The assets binding over a folder, as Cloudflare serves it: 404 for what is not there. */
function folderAssets(dir: string): AssetsBinding {
  return {
    async fetch(request) {
      const path = join(dir, decodeURIComponent(new URL(request.url).pathname));
      try {
        if (!(await stat(path)).isFile()) return new Response('not found', { status: 404 });
        const bytes = await readFile(path);
        return new Response(bytes, { headers: { 'content-length': String(bytes.byteLength) } });
      } catch {
        return new Response('not found', { status: 404 });
      }
    },
  };
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quran-dai-worker-'));
  const widget = join(root, 'widget');
  await mkdir(widget);
  await writeFile(join(widget, 'quran-dai.js'), 'export {};\n');
  const config = parseProxyConfig({
    WIDGET_DIR: widget,
    CORPUS_DIR: DEFAULT_CORPUS_DIR,
    INDEX_DIR: join(REPO_ROOT, 'data', 'prebuilt', 'index'),
    INDEX_ID,
    SITE_DIR: join(root, 'no-site'),
  });
  assetsDir = join(root, 'assets');
  await buildWorkerAssets({
    config,
    at: (p) => (p.startsWith('/') ? p : join(REPO_ROOT, p)),
    outDir: assetsDir,
    fontDir: undefined,
    ortDir: undefined,
    now: 1_700_000_000_000,
  });
  xai = await startFakeXai();
}, 60_000);

afterAll(async () => {
  await xai?.close();
  await rm(root, { recursive: true, force: true });
});

const workerEnv = (vars: Record<string, string> = {}) => ({
  ASSETS: folderAssets(assetsDir),
  PUBLIC_ORIGINS: ORIGIN,
  XAI_API_KEY: 'fake-xai-test-key',
  XAI_BASE_URL: xai.baseURL,
  UPSTREAM_MAX_RETRIES: '0',
  SUGGEST_TIMEOUT_MS: '0',
  ...vars,
});
const request = (path: string, init: RequestInit = {}) => new Request(`${ORIGIN}${path}`, init);
const chat = () =>
  request('/api/chat', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ORIGIN, 'cf-connecting-ip': '203.0.113.7' },
    body: JSON.stringify(CHAT),
  });

describe('when the Worker starts from its assets', () => {
  it("should serve the corpus and index it holds, the demo page and the data files, with the proxy's headers", async () => {
    const logs: string[] = [];
    const app = await createWorkerApp(workerEnv(), { log: (l) => void logs.push(l) });
    const health = (await (await app.fetch(request('/health'))).json()) as { corpus: { verses: number }; index: { id: string } };
    expect(health.corpus.verses).toBe(6236);
    expect(health.index.id).toBe(INDEX_ID);
    const page = await app.fetch(request('/'));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<quran-dai');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    const manifest = await app.fetch(request('/data/corpus/manifest.json'));
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('etag')).not.toBeNull();
    // Cloudflare compresses at its edge; the Worker does not spend CPU on it.
    const big = await app.fetch(request('/data/corpus/manifest.json', { headers: { 'accept-encoding': 'gzip' } }));
    expect(big.headers.get('content-encoding')).toBeNull();
    expect((await app.fetch(request('/quran-dai-worker.json'))).status).toBe(404);
    const started = logs.map((l) => JSON.parse(l) as { event: string; sharedStore?: string; hint?: string }).find((l) => l.event === 'worker-started');
    expect(started?.sharedStore).toBe('memory');
    expect(started?.hint).toContain('UPSTASH_REDIS_REST_URL');
  });

  it('should serve its config, health and files without reading the Quran text, which the first answer reads', async () => {
    const asked: string[] = [];
    const assets = folderAssets(assetsDir);
    const counting: AssetsBinding = { fetch: (r) => (asked.push(new URL(r.url).pathname), assets.fetch(r)) };
    const app = await createWorkerApp({ ...workerEnv(), ASSETS: counting }, { log: () => undefined });
    for (const path of ['/health', '/api/config', '/data/corpus/manifest.json']) expect((await app.fetch(request(path))).status).toBe(200);
    const text = (p: string) => /\/data\/corpus\/(arabic|translation-)/.test(p);
    expect(asked.filter(text)).toStrictEqual([]);
    const res = await app.fetch(chat());
    expect(res.status).toBe(200);
    await res.text();
    expect(asked.filter(text).length).toBeGreaterThan(0);
  });

  it('should read a translation when an answer first needs it, and ground the answer in it', async () => {
    const app = await createWorkerApp(workerEnv(), { log: () => undefined });
    const urdu = (await loadCorpusFromDir({ tracks: ['ur'] })).verse({ surah: 2, ayah: 153 }, 'ur').translation;
    const calls = xai.calls.length;
    const res = await app.fetch(
      request('/api/chat', {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        body: JSON.stringify({ ...CHAT, lang: 'ur', translation: 'ur' }),
      }),
    );
    expect(res.status).toBe(200);
    await res.text();
    expect(xai.calls.length).toBe(calls + 1);
    expect(JSON.stringify(xai.calls.at(-1)!.requestBodyJson.messages)).toContain(JSON.stringify(urdu).slice(1, 40));
  });

  it('should refuse REDIS_URL, which needs a TCP connection, and point to Upstash', async () => {
    await expect(createWorkerApp(workerEnv({ REDIS_URL: 'redis://127.0.0.1:6379' }))).rejects.toThrow(/UPSTASH_REDIS_REST_URL/);
  });

  it('should refuse an INDEX_ID its assets do not hold, and say how to rebuild them', async () => {
    await expect(createWorkerApp(workerEnv({ INDEX_ID: 'gemini-768' }))).rejects.toThrow(/INDEX_ID=gemini-768 npm run worker:assets/);
  });

  it('should serve no index with INDEX_ID=none (keyword search)', async () => {
    const app = await createWorkerApp(workerEnv({ INDEX_ID: 'none' }));
    expect(((await (await app.fetch(request('/health'))).json()) as { index: unknown }).index).toBeNull();
  });
});

describe('when two Worker isolates share Upstash over its REST API', () => {
  let redis: TestRedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it("should count one visitor's questions together", async () => {
    const rest = await startFakeUpstashRest(redis.url);
    try {
      const env = workerEnv({ RATE_LIMIT_CHAT_PER_HOUR: '2', UPSTASH_REDIS_REST_URL: rest.url, UPSTASH_REDIS_REST_TOKEN: rest.token });
      const [a, b] = await Promise.all([createWorkerApp(env, { log: () => undefined }), createWorkerApp(env, { log: () => undefined })]);
      const statuses: number[] = [];
      for (const app of [a!, b!, a!]) {
        const res = await app.fetch(chat());
        statuses.push(res.status);
        await res.text();
      }
      expect(statuses).toStrictEqual([200, 200, 429]);
    } finally {
      await rest.close();
    }
  }, 60_000);
});
