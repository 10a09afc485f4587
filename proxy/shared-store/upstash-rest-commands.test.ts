/**
 * The REST client against Upstash's wire format (a fake REST server in front of a real
 * `redis-server`): what the stores send arrives as Redis commands under the proxy's key prefix,
 * and every failure is an error the shared-store health check can fall back from.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { startFakeUpstashRest, type FakeUpstashRest } from '../testing/fake-upstash-rest.js';
import { closeLoopbackServer, listenOnLoopback } from '../../data/testing/loopback-server.js';
import { startRedisServer, type TestRedisServer } from '../testing/redis-server.js';
import { createRedisBudgetStore } from './redis-budget-store.js';
import { createRedisRateLimitStore } from './redis-rate-limit-store.js';
import { upstashRestCommands } from './upstash-rest-commands.js';

let redis: TestRedisServer;
let admin: Redis;
let rest: FakeUpstashRest;

beforeAll(async () => {
  redis = await startRedisServer();
  admin = new Redis(redis.url);
  rest = await startFakeUpstashRest(redis.url);
});

afterAll(async () => {
  await rest?.close();
  admin?.disconnect();
  await redis?.stop();
});

beforeEach(async () => {
  await admin.flushall();
  rest.down = false;
  rest.commands.length = 0;
});

describe('when the stores speak REST', () => {
  it("should count one window for every client of the REST API, under the proxy's prefix", async () => {
    const a = createRedisRateLimitStore(upstashRestCommands({ url: rest.url, token: rest.token, timeoutMs: 5_000 }));
    const b = createRedisRateLimitStore(upstashRestCommands({ url: rest.url, token: rest.token, timeoutMs: 5_000 }));
    const counts = [];
    for (const store of [a, b, a]) counts.push(await store.hit('chat:127.0.0.1', 60_000, 1_000));
    expect(counts.map((c) => ('count' in c ? c.count : 'full'))).toStrictEqual([1, 2, 3]);
    expect(await admin.keys('*')).toStrictEqual(['quran-dai:rate:chat:127.0.0.1']);
    expect(await admin.pttl('quran-dai:rate:chat:127.0.0.1')).toBeGreaterThan(59_000);
    expect(rest.commands).toStrictEqual(['EVAL', 'EVAL', 'EVAL']);
  });

  it('should check and spend a budget atomically, and read and write the embed cache', async () => {
    const commands = upstashRestCommands({ url: rest.url, token: rest.token, timeoutMs: 5_000 });
    const budget = createRedisBudgetStore(commands);
    const counter = { key: 'chat:requests:hour', limit: 2, resetAt: 61_000 };
    const refusals = [];
    for (let i = 0; i < 3; i++) refusals.push((await budget.consume([counter], 1, 1_000))?.key ?? null);
    expect(refusals).toStrictEqual([null, null, 'chat:requests:hour']);
    await budget.record([counter], 5, 1_000);
    expect(await budget.read('chat:requests:hour', 1_000)).toBe(7);
    await commands.setPx('embed:x', '{"v":1}', 60_000);
    expect(await commands.get('embed:x')).toBe('{"v":1}');
    expect(await commands.get('embed:missing')).toBeNull();
  });
});

describe('when the REST API fails', () => {
  it("should throw with Upstash's own reason for a wrong token", async () => {
    const commands = upstashRestCommands({ url: rest.url, token: 'wrong-token' });
    await expect(commands.get('k')).rejects.toThrow('Upstash REST GET failed: Unauthorized');
  });

  it('should throw when the service is down', async () => {
    rest.down = true;
    await expect(upstashRestCommands({ url: rest.url, token: rest.token }).get('k')).rejects.toThrow('Upstash REST GET failed: Service Unavailable');
  });

  it('should give up on a REST API that never answers after the timeout', async () => {
    const open = new Set<import('node:http').ServerResponse>();
    const { server, url } = await listenOnLoopback((_req, res) => void open.add(res));
    try {
      await expect(upstashRestCommands({ url, token: 't', timeoutMs: 100 }).get('k')).rejects.toThrow(/timeout|aborted/i);
    } finally {
      await closeLoopbackServer(server, open);
    }
  });
});
