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
  /** Atomically counts one request for `key` in its window (opening a `windowMs` window when none is live). */
  hit(key: string, windowMs: number, now: number): Promise<RateLimitCount | RateLimitFull>;
}

export interface MemoryRateLimitStoreOptions {
  /** Most clients tracked at once; when that many have live windows, new clients are refused. Default 50,000. */
  readonly maxKeys?: number;
}

export const DEFAULT_MEMORY_RATE_LIMIT_STORE_OPTIONS = { maxKeys: 50_000 } satisfies Required<MemoryRateLimitStoreOptions>;

interface Window {
  count: number;
  resetAt: number;
}

/** Windows of this process. */
export function createMemoryRateLimitStore(options: MemoryRateLimitStoreOptions = {}): RateLimitStore {
  const { maxKeys } = { ...DEFAULT_MEMORY_RATE_LIMIT_STORE_OPTIONS, ...options };
  if (!(maxKeys >= 1)) throw new Error(`rateLimit: maxKeys must be >= 1, got ${maxKeys}`);
  // Insertion order is expiry order: every window lasts `windowMs` and a renewed window is
  // re-inserted, so the expired ones are always at the front.
  const windows = new Map<string, Window>();
  return {
    async hit(key, windowMs, now) {
      let w = windows.get(key);
      if (w && w.resetAt <= now) {
        windows.delete(key);
        w = undefined;
      }
      if (!w) {
        dropExpired(windows, now);
        // Every tracked window is still live. Forgetting any of them would reset that client's
        // count and hand it a fresh allowance (a flood of new addresses could then wash out a
        // limited client's window), so the newcomer waits instead until the oldest window ends.
        if (windows.size >= maxKeys) return { full: true, resetAt: windows.values().next().value!.resetAt };
        w = { count: 0, resetAt: now + windowMs };
        windows.set(key, w);
      }
      w.count++;
      return { count: w.count, resetAt: w.resetAt };
    },
  };
}

/** Forgets windows that have ended (they sit at the front). */
function dropExpired(windows: Map<string, Window>, now: number): void {
  for (const [k, w] of windows) {
    if (w.resetAt > now) return;
    windows.delete(k);
  }
}
