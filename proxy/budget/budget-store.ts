/**
 * @module
 * Where spend-budget counters live. One proxy keeps them in memory; several instances sharing
 * one budget need a shared store (Redis: `consume` as one Lua script over INCRBY/EXPIREAT
 * keys, `record` as INCRBY), which only has to implement this interface.
 */

/** One counter in one time window, e.g. chat requests in the hour that ends at `resetAt`. */
export interface BudgetCounter {
  /** Unique per window, e.g. `chat:requests:hour:489943`. */
  readonly key: string;
  /** Refuse when the counter has reached this. */
  readonly limit: number;
  /** Epoch ms when the window ends and the counter can be forgotten. */
  readonly resetAt: number;
}

export interface BudgetStore {
  /**
   * Atomically: when every counter is below its limit, add `amount` to each and resolve null;
   * otherwise add nothing and resolve the first counter that is used up. `amount` 0 only checks.
   */
  consume(counters: readonly BudgetCounter[], amount: number, now: number): Promise<BudgetCounter | null>;
  /** Add `amount` to each counter whatever its limit (a cost known only afterwards: tokens). */
  record(counters: readonly BudgetCounter[], amount: number, now: number): Promise<void>;
  /** Current value of a counter (0 when absent or expired). */
  read(key: string, now: number): Promise<number>;
}

/** The in-process store: a few counters per budget, forgotten when their window ends. */
export function createMemoryBudgetStore(): BudgetStore {
  const counters = new Map<string, { value: number; resetAt: number }>();
  const prune = (now: number) => {
    for (const [k, c] of counters) if (c.resetAt <= now) counters.delete(k);
  };
  const value = (key: string, now: number) => {
    const c = counters.get(key);
    return c && c.resetAt > now ? c.value : 0;
  };
  const add = (list: readonly BudgetCounter[], amount: number) => {
    for (const b of list) {
      const c = counters.get(b.key);
      if (c) c.value += amount;
      else counters.set(b.key, { value: amount, resetAt: b.resetAt });
    }
  };
  return {
    async consume(list, amount, now) {
      prune(now);
      const full = list.find((b) => value(b.key, now) >= b.limit);
      if (full) return full;
      if (amount > 0) add(list, amount);
      return null;
    },
    async record(list, amount, now) {
      prune(now);
      add(list, amount);
    },
    async read(key, now) {
      return value(key, now);
    },
  };
}
