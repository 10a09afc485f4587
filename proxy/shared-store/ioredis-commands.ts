/**
 * @module
 * `RedisCommands` over an ioredis client (REDIS_URL). Scripts run as EVALSHA, and EVAL when
 * Redis has forgotten them (e.g. after a restart); the client's key prefix applies to every key.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RedisCommands } from './redis-commands.js';

type ScriptCommand = (numberOfKeys: number, ...keysAndArgs: (string | number)[]) => Promise<unknown>;

export function ioredisCommands(redis: Redis): RedisCommands {
  const scripts = redis as unknown as Record<string, ScriptCommand>;
  return {
    eval(lua, keys, args) {
      // One named command per script: ioredis then sends EVALSHA and applies the key prefix.
      const name = `quranDai${createHash('sha1').update(lua).digest('hex').slice(0, 12)}`;
      if (!(name in redis)) redis.defineCommand(name, { lua });
      return scripts[name]!.call(redis, keys.length, ...keys, ...args);
    },
    get: (key) => redis.get(key),
    async setPx(key, value, ttlMs) {
      await redis.set(key, value, 'PX', ttlMs);
    },
  };
}
