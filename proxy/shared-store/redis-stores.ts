/**
 * @module
 * `ProxyStores` on Redis (over TCP with ioredis, or Upstash's REST API), each with this instance's memory as the fallback: while Redis is
 * down, limits and budgets are counted per instance (a visitor is never refused because of
 * Redis) and the embed cache is the local LRU.
 */
import type { BudgetStore } from '../budget/budget-store.js';
import type { RateLimitStore } from '../middleware/rate-limit/rate-limit-store.js';
import { createMemoryStores, type ProxyStores } from './proxy-stores.js';
import type { RedisCommands } from './redis-commands.js';
import { createRedisBudgetStore } from './redis-budget-store.js';
import { createRedisEmbedCacheTier } from './redis-embed-cache-tier.js';
import { createRedisRateLimitStore } from './redis-rate-limit-store.js';
import type { SharedStoreHealth } from './shared-store-health.js';

export function createRedisStores(redis: RedisCommands, health: SharedStoreHealth): ProxyStores {
  const memory = createMemoryStores();
  const sharedWindows = createRedisRateLimitStore(redis);
  const sharedBudget = createRedisBudgetStore(redis);
  const budget: BudgetStore = {
    consume: (counters, amount, now) =>
      health.attempt(
        'budget',
        () => sharedBudget.consume(counters, amount, now),
        () => memory.budget.consume(counters, amount, now),
      ),
    record: (counters, amount, now) =>
      health.attempt(
        'budget',
        () => sharedBudget.record(counters, amount, now),
        () => memory.budget.record(counters, amount, now),
      ),
    read: (key, now) =>
      health.attempt(
        'budget',
        () => sharedBudget.read(key, now),
        () => memory.budget.read(key, now),
      ),
  };
  return {
    rateLimit(name) {
      const local = memory.rateLimit(name);
      const store: RateLimitStore = {
        hit: (key, windowMs, now, limit, amount) =>
          health.attempt(
            'rate-limit',
            () => sharedWindows.hit(key, windowMs, now, limit, amount),
            () => local.hit(key, windowMs, now, limit, amount),
          ),
        refund: (key, now) =>
          health.attempt(
            'rate-limit',
            () => sharedWindows.refund(key, now),
            () => local.refund(key, now),
          ),
      };
      return store;
    },
    budget,
    embedCache(namespace) {
      const tier = createRedisEmbedCacheTier(redis, { namespace });
      return {
        get: (key) =>
          health.attempt(
            'embed-cache',
            () => tier.get(key),
            async () => null,
          ),
        set: (key, value) =>
          health.attempt(
            'embed-cache',
            () => tier.set(key, value),
            async () => undefined,
          ),
      };
    },
  };
}
