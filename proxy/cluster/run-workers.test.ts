/**
 * `WORKERS=2` on the real Node entry: two worker processes answer on one port, and with
 * REDIS_URL they hold one client to one limit.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPO_ROOT } from '../server.js';
import { startFakeXai, type FakeXaiServer } from '../testing/fake-xai.js';
import { freeLoopbackPort, startRedisServer, type TestRedisServer } from '../testing/redis-server.js';

const CHAT = JSON.stringify({ question: 'What does the Quran say about patience?', history: [], verses: [{ ref: '2:153', context: '2:150-156' }] });

let redis: TestRedisServer;
let xai: FakeXaiServer;
let emptyIndexDir: string;

beforeAll(async () => {
  redis = await startRedisServer();
  xai = await startFakeXai();
  emptyIndexDir = await mkdtemp(join(tmpdir(), 'quran-dai-workers-'));
});

afterAll(async () => {
  await redis?.stop();
  await xai?.close();
  if (emptyIndexDir) await rm(emptyIndexDir, { recursive: true, force: true });
});

interface Cluster {
  readonly url: string;
  readonly lines: string[];
  readonly child: ChildProcess;
  stop(): Promise<number | null>;
}

async function startCluster(env: Record<string, string>): Promise<Cluster> {
  const port = await freeLoopbackPort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'proxy/server.ts'], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      XAI_API_KEY: 'xai-test-KEY-0123456789abcdef',
      XAI_BASE_URL: xai.baseURL,
      INDEX_DIR: emptyIndexDir,
      SITE_DIR: join(emptyIndexDir, 'no-site'),
      UPSTREAM_MAX_RETRIES: '0',
      ...env,
    },
  });
  const lines: string[] = [];
  let buffered = '';
  child.stdout!.on('data', (d: Buffer) => {
    buffered += d.toString();
    const parts = buffered.split('\n');
    buffered = parts.pop()!;
    lines.push(...parts);
  });
  child.stderr!.resume();
  const stop = async () => {
    if (child.exitCode !== null) return child.exitCode;
    child.kill('SIGTERM');
    return new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  };
  return { url: `http://127.0.0.1:${port}`, lines, child, stop };
}

const events = (lines: readonly string[], event: string) =>
  lines.filter((l) => l.includes(`"event":"${event}"`)).map((l) => JSON.parse(l) as Record<string, unknown>);

/** One request on its own connection, so the cluster can hand it to either worker. */
function chatOnNewConnection(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/api/chat`, { method: 'POST', agent: false, headers: { 'content-type': 'application/json', origin: url } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(CHAT);
  });
}

describe('when WORKERS=2 and REDIS_URL are set', () => {
  let cluster: Cluster;
  beforeAll(async () => {
    cluster = await startCluster({ WORKERS: '2', REDIS_URL: redis.url, RATE_LIMIT_CHAT_PER_HOUR: '3' });
    await vi.waitFor(() => expect(events(cluster.lines, 'shared-store-connected')).toHaveLength(2), { timeout: 30_000, interval: 50 });
    await vi.waitFor(() => expect(events(cluster.lines, 'listening')).toHaveLength(2), { timeout: 30_000, interval: 50 });
  }, 40_000);
  afterAll(async () => {
    await cluster?.stop();
  });

  it('should serve one port from two worker processes', () => {
    const [primary] = events(cluster.lines, 'workers');
    expect(primary).toMatchObject({ workers: 2, sharedStore: 'redis' });
    const listening = events(cluster.lines, 'listening');
    expect(new Set(listening.map((l) => l.url))).toStrictEqual(new Set([cluster.url]));
    expect(new Set(listening.map((l) => l.pid)).size).toBe(2);
    expect(listening.map((l) => l.pid)).not.toContain(primary!.primaryPid);
    expect(events(cluster.lines, 'limits-per-worker')).toHaveLength(0);
  });

  it('should hold one client to one limit across the workers', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push(await chatOnNewConnection(cluster.url));
    expect(statuses).toStrictEqual([200, 200, 200, 429, 429, 429]);
  });

  it('should stop every worker on SIGTERM', async () => {
    const pids = events(cluster.lines, 'listening').map((l) => l.pid as number);
    expect(await cluster.stop()).toBe(0);
    for (const pid of pids) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe('when WORKERS=2 is set without REDIS_URL', () => {
  it('should say at start that limits are per worker', async () => {
    const cluster = await startCluster({ WORKERS: '2' });
    try {
      await vi.waitFor(() => expect(events(cluster.lines, 'listening')).toHaveLength(2), { timeout: 30_000, interval: 50 });
      const [note] = events(cluster.lines, 'limits-per-worker');
      expect(note).toMatchObject({ level: 'warn', workers: 2 });
      expect(String(note!.hint)).toContain('set REDIS_URL to share them');
    } finally {
      await cluster.stop();
    }
  }, 40_000);
});
