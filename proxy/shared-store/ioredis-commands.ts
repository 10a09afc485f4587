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
  // One named command per script, defined on first use (every rate-limited request runs one).
  const names = new Map<string, string>();
  const nameOf = (lua: string): string => {
    let name = names.get(lua);
    if (name === undefined) {
      // ioredis then sends EVALSHA and applies the key prefix.
      name = `quranDai${createHash('sha1').update(lua).digest('hex').slice(0, 12)}`;
      if (!(name in redis)) redis.defineCommand(name, { lua });
      names.set(lua, name);
    }
    return name;
  };
  return {
    eval(lua, keys, args) {
      return scripts[nameOf(lua)]!.call(redis, keys.length, ...keys, ...args);
    },
    get: (key) => redis.get(key),
    async setPx(key, value, ttlMs) {
      await redis.set(key, value, 'PX', ttlMs);
    },
  };
}
