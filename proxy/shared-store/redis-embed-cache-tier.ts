/**
 * @module
 * The query-embedding cache shared through Redis: a popular question is embedded once for every
 * instance. Keys are the index id and a SHA-256 of the normalised question (questions can be
 * long and personal; the hash keeps them out of Redis), values the serialised response, kept
 * `ttlMs`.
 */
import { createHash } from 'node:crypto';
import type { RedisCommands } from './redis-commands.js';
import type { SharedCacheTier } from '../embed/embed-cache.js';

export interface RedisEmbedCacheTierOptions {
  /** What the cached values belong to, e.g. the index id (another index needs other vectors). Required. */
  readonly namespace: string;
  /** How long an entry is kept. Default 7 days. */
  readonly ttlMs?: number;
}

export const DEFAULT_REDIS_EMBED_CACHE_TIER_OPTIONS = { ttlMs: 7 * 86_400_000 } satisfies Partial<RedisEmbedCacheTierOptions>;

export function createRedisEmbedCacheTier(redis: RedisCommands, options: RedisEmbedCacheTierOptions): SharedCacheTier<string> {
  const opts = { ...DEFAULT_REDIS_EMBED_CACHE_TIER_OPTIONS, ...options };
  const key = (text: string) => `embed:${opts.namespace}:${createHash('sha256').update(text).digest('hex')}`;
  return {
    get: (text) => redis.get(key(text)),
    async set(text, value) {
      await redis.setPx(key(text), value, opts.ttlMs);
    },
  };
}
