/**
 * @module
 * Rate-limit windows in Redis, so every proxy instance counts a client against one limit.
 * One Lua script counts and opens the window atomically (INCR, then PEXPIRE when the key has
 * no expiry), so two instances never both see a fresh window. Redis's own expiry is the window
 * clock; the store throws when Redis fails (see shared-store-health.ts for the fallback).
 */
import type { RateLimitStore } from '../middleware/rate-limit/rate-limit-store.js';
import type { RedisCommands } from './redis-commands.js';

const HIT_SCRIPT = `
local n = redis.call('INCRBY', KEYS[1], ARGV[2])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}
`;

/** DECR only a live window that has something counted (never a negative or endless key). */
const REFUND_SCRIPT = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) and redis.call('PTTL', KEYS[1]) > 0 then
  redis.call('DECR', KEYS[1])
end
return 0
`;

export function createRedisRateLimitStore(redis: RedisCommands): RateLimitStore {
  return {
    async hit(key, windowMs, now, _limit, amount = 1) {
      const [count, ttl] = (await redis.eval(HIT_SCRIPT, [`rate:${key}`], [windowMs, amount])) as [number, number];
      return { count, resetAt: now + ttl };
    },
    async refund(key) {
      await redis.eval(REFUND_SCRIPT, [`rate:${key}`], []);
    },
  };
}
