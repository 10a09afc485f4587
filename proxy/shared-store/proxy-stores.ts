/**
 * @module
 * The state the proxy keeps between requests, behind one interface: rate-limit windows, spend
 * budget counters and the shared tier of the embed cache. `createMemoryStores` is one process
 * (the default); `createRedisStores` (redis-stores.ts) shares them between instances.
 */
import { createMemoryBudgetStore, type BudgetStore } from '../budget/budget-store.js';
import type { SharedCacheTier } from '../embed/embed-cache.js';
import { createMemoryRateLimitStore, type RateLimitStore } from '../middleware/rate-limit/rate-limit-store.js';

export interface ProxyStores {
  /** Windows for one rate-limited route (`chat`, `embed`). */
  rateLimit(name: string): RateLimitStore;
  /** Spend-budget counters, shared by the chat and embed budgets (their keys differ). */
  readonly budget: BudgetStore;
  /** Shared tier behind the embed LRU for one index, or null (the LRU alone). */
  embedCache(namespace: string): SharedCacheTier<string> | null;
}

/** Everything in this process's memory: one proxy, as without REDIS_URL. */
export function createMemoryStores(): ProxyStores {
  return {
    rateLimit: () => createMemoryRateLimitStore(),
    budget: createMemoryBudgetStore(),
    embedCache: () => null,
  };
}
