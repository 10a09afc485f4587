/**
 * @module
 * The few Redis commands the shared stores use, behind one interface, so the same stores run
 * on a TCP connection (ioredis, REDIS_URL) and on an HTTP one (Upstash's REST API, for edge
 * runtimes without sockets). Keys are given without the proxy's prefix; each client adds it.
 */
export interface RedisCommands {
  /** Run a Lua script atomically (EVAL) with its keys and arguments. */
  eval(lua: string, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown>;
  get(key: string): Promise<string | null>;
  /** SET with an expiry in milliseconds (PX). */
  setPx(key: string, value: string, ttlMs: number): Promise<void>;
}

/** Every key this proxy writes starts with this, so a Redis can be shared with other software. */
export const REDIS_KEY_PREFIX = 'quran-dai:';
