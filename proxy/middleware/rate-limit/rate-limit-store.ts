/**
 * @module
 * Where rate-limit windows live. One proxy keeps them in memory (`createMemoryRateLimitStore`);
 * several instances that must count one client together use the Redis store
 * (proxy/shared-store/redis-rate-limit-store.ts), which implements the same interface.
 */

/** A client's fixed window after counting one request in it. */
export interface RateLimitCount {
  /** Requests in the window, this one included. */
  readonly count: number;
  /** Epoch ms when the window ends. */
  readonly resetAt: number;
}

/** The store could not open a window for a new client (memory table full) until `resetAt`. */
export interface RateLimitFull {
  readonly full: true;
  readonly resetAt: number;
}

export interface RateLimitStore {
  /**
   * Atomically counts `amount` requests (default one) for `key` in its window (opening a
   * `windowMs` window when none is live). `limit` is the window's allowance: a store that must
   * make room forgets a window below it, never one that has reached it.
   */
  hit(key: string, windowMs: number, now: number, limit?: number, amount?: number): Promise<RateLimitCount | RateLimitFull>;
  /**
   * Takes back one request counted for `key` in its live window (a request refused as invalid
   * costs nothing, so junk cannot spend a client's allowance or fill the table with spent clients).
   */
  refund(key: string, now: number): Promise<void>;
}

export interface MemoryRateLimitStoreOptions {
  /**
   * Most clients tracked at once. When that many have live windows, a newcomer takes the place of
   * the client with the fewest requests (the oldest of those), as long as that client is below
   * its limit; when every tracked client has reached its limit, the one whose window opened first
   * is replaced once that window is `fullTableWaitMs` old (the newcomer is refused until then).
   * Default 50,000.
   */
  readonly maxKeys?: number;
  /**
   * Longest a newcomer is refused because the table is full of clients at their limit. Default
   * 60 s: a flood of limited clients cannot lock new visitors out for the rest of the hour (a
   * limited client washed out this way may spend its allowance again; the global spend budget
   * still bounds what that costs).
   */
  readonly fullTableWaitMs?: number;
}

export const DEFAULT_MEMORY_RATE_LIMIT_STORE_OPTIONS = { maxKeys: 50_000, fullTableWaitMs: 60_000 } satisfies Required<MemoryRateLimitStoreOptions>;

interface Window {
  count: number;
  resetAt: number;
}

/**
 * Windows of this process.
 *
 * A full table used to refuse every newcomer until the oldest window ended: 50,000 junk requests
 * from one IPv6 /48 (65,536 /64 "clients") locked new visitors out of chat for 52 minutes. Now a
 * newcomer replaces the client with the fewest requests. That client loses at most the few
 * requests it had counted (it may make them again), while a client that reached its limit is
 * never forgotten, so a flood of addresses cannot wash a limited client's window out.
 */
export function createMemoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): RateLimitStore {
  const { maxKeys, fullTableWaitMs } = { ...DEFAULT_MEMORY_RATE_LIMIT_STORE_OPTIONS, ...options };
  if (!(maxKeys >= 1)) throw new Error(`rateLimit: maxKeys must be >= 1, got ${maxKeys}`);
  // Insertion order is expiry order: every window lasts `windowMs` and a renewed window is
  // re-inserted, so the expired ones are always at the front.
  const windows = new Map<string, Window>();
  // The keys of each request count, oldest first: the fewest-requests client is found in O(limit).
  const byCount = new Map<number, Set<string>>();
  const place = (key: string, count: number) => {
    let keys = byCount.get(count);
    if (!keys) byCount.set(count, (keys = new Set()));
    keys.add(key);
  };
  const unplace = (key: string, count: number) => {
    const keys = byCount.get(count);
    keys?.delete(key);
    if (keys?.size === 0) byCount.delete(count);
  };
  const forget = (key: string) => {
    const w = windows.get(key);
    if (!w) return;
    windows.delete(key);
    unplace(key, w.count);
  };
  /** The oldest of the clients with the fewest requests, below `limit`; undefined when all have reached it. */
  const evictable = (limit: number): string | undefined => {
    for (let count = 1; count < limit; count++) {
      const keys = byCount.get(count);
      if (keys) return keys.values().next().value;
    }
    return undefined;
  };
  return {
    async hit(key, windowMs, now, limit = Number.POSITIVE_INFINITY, amount = 1) {
      let w = windows.get(key);
      if (w && w.resetAt <= now) {
        forget(key);
        w = undefined;
      }
      if (!w) {
        for (const [k, old] of windows) {
          if (old.resetAt > now) break;
          forget(k);
        }
        if (windows.size >= maxKeys) {
          let victim = evictable(Number.isFinite(limit) ? limit : Math.max(...byCount.keys()) + 1);
          if (victim === undefined) {
            // Every client is at its limit: the first window opened gives way once it is old enough.
            const [firstKey, first] = windows.entries().next().value!;
            const openedAt = first.resetAt - windowMs;
            if (now - openedAt < fullTableWaitMs) return { full: true, resetAt: Math.min(first.resetAt, openedAt + fullTableWaitMs) };
            victim = firstKey;
          }
          forget(victim);
        }
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      } else unplace(key, w.count);
      w.count += amount;
      place(key, w.count);
      return { count: w.count, resetAt: w.resetAt };
    },
    async refund(key, now) {
      const w = windows.get(key);
      if (!w || w.resetAt <= now) return;
      unplace(key, w.count);
      w.count--;
      // A window with nothing counted is forgotten: the table holds clients that spent something.
      if (w.count <= 0) windows.delete(key);
      else place(key, w.count);
    },
  };
}
