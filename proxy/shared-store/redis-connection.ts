/**
 * @module
 * The ioredis client behind REDIS_URL, set up so Redis can never hold a visitor up: commands
 * fail at once while disconnected (no offline queue) and after `commandTimeoutMs` when Redis
 * hangs, and the client reconnects by itself with capped exponential backoff. Connection state
 * goes to `/metrics` (`quran_dai_shared_store_up`) and to the log on each change.
 */
import { Redis } from 'ioredis';
import type { Counter } from '../metrics/metrics-registry.js';
import { describeError } from './shared-store-health.js';
import { REDIS_KEY_PREFIX } from './redis-commands.js';

export interface RedisConnectionOptions {
  /** `redis://[:password@]host:port[/db]` or `rediss://…`. Required. */
  readonly url: string;
  /** Per-command limit, ms. Required (REDIS_COMMAND_TIMEOUT_MS). */
  readonly commandTimeoutMs: number;
  /** Gauge set to 1 while connected, 0 otherwise. Required. */
  readonly up: Counter;
  /** Log sink, one JSON line per call. Required. */
  readonly log: (line: string) => void;
}

/** Reconnect delay after the n-th failed attempt: 100 ms doubling up to 5 s, for ever. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(100 * 2 ** Math.max(0, attempt - 1), 5_000);
}

export function connectRedis(options: RedisConnectionOptions): Redis {
  const redis = new Redis(options.url, {
    keyPrefix: REDIS_KEY_PREFIX,
    enableOfflineQueue: false,
    commandTimeout: options.commandTimeoutMs,
    connectTimeout: Math.max(1_000, options.commandTimeoutMs * 4),
    maxRetriesPerRequest: 0,
    retryStrategy: reconnectDelayMs,
  });
  let connected: boolean | null = null;
  let lastError = '';
  const note = (event: string, fields: Record<string, unknown> = {}) =>
    options.log(JSON.stringify({ time: new Date().toISOString(), level: event === 'shared-store-connected' ? 'info' : 'warn', event, ...fields }));
  options.up.set({}, 0);
  redis.on('ready', () => {
    options.up.set({}, 1);
    if (connected !== true) note('shared-store-connected', { store: 'redis' });
    connected = true;
  });
  // Without a listener ioredis prints every reconnect failure; the state change below is enough.
  redis.on('error', (error: unknown) => {
    lastError = describeError(error);
  });
  redis.on('close', () => {
    options.up.set({}, 0);
    if (connected !== false)
      note('shared-store-disconnected', {
        store: 'redis',
        error: lastError || 'connection closed',
        hint: 'chat and embed go on with per-instance limits; reconnecting with backoff',
      });
    connected = false;
  });
  return redis;
}
