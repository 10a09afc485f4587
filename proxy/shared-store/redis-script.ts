/**
 * @module
 * A Lua script registered on an ioredis client (EVALSHA, and EVAL when Redis has forgotten the
 * script, e.g. after a restart), called with typed keys and arguments.
 */
import type { Redis } from 'ioredis';

export type RedisScript = (keys: readonly string[], args: readonly (string | number)[]) => Promise<unknown>;

export function defineScript(redis: Redis, name: string, lua: string, numberOfKeys?: number): RedisScript {
  if (!(name in redis)) redis.defineCommand(name, { lua, ...(numberOfKeys === undefined ? {} : { numberOfKeys }) });
  const command = (redis as unknown as Record<string, (...a: (string | number)[]) => Promise<unknown>>)[name]!.bind(redis);
  // Without a fixed key count, ioredis expects it as the first argument.
  return (keys, args) => (numberOfKeys === undefined ? command(keys.length, ...keys, ...args) : command(...keys, ...args));
}
