/**
 * @module
 * Keeps the shared store optional at run time: every shared operation has a per-instance
 * fallback, and a failure (Redis down, hung, or restarting) runs the fallback instead, so a
 * visitor never sees an error the cache caused. Failures are counted in `/metrics` and logged
 * at most once per `logEveryMs`; after one, the shared store is skipped for `pauseMs` so a
 * hung Redis costs at most one command timeout per pause rather than one per request.
 */
import type { Counter } from '../metrics/metrics-registry.js';

export interface SharedStoreHealthOptions {
  /** Counts operations served by the fallback, by store. Required. */
  readonly fallbacks: Counter;
  /** Log sink, one JSON line per call. Required. */
  readonly log: (line: string) => void;
  /** Monotonic clock, ms. Default `performance.now`. */
  readonly monotonic?: () => number;
  /** Skip the shared store this long after a failure. Default 1,000. */
  readonly pauseMs?: number;
  /** At most one failure log line this often. Default 30,000. */
  readonly logEveryMs?: number;
}

export const DEFAULT_SHARED_STORE_HEALTH_OPTIONS = {
  monotonic: () => performance.now(),
  pauseMs: 1_000,
  logEveryMs: 30_000,
} satisfies Partial<SharedStoreHealthOptions>;

export interface SharedStoreHealth {
  /** `shared()`, or `fallback()` when it fails or the store is paused after a failure. */
  attempt<T>(store: string, shared: () => Promise<T>, fallback: () => Promise<T>): Promise<T>;
}

export function createSharedStoreHealth(options: SharedStoreHealthOptions): SharedStoreHealth {
  const opts = { ...DEFAULT_SHARED_STORE_HEALTH_OPTIONS, ...options };
  let pausedUntil = -Infinity;
  let loggedAt = -Infinity;
  return {
    async attempt(store, shared, fallback) {
      if (opts.monotonic() < pausedUntil) {
        opts.fallbacks.inc({ store });
        return fallback();
      }
      try {
        return await shared();
      } catch (error) {
        const now = opts.monotonic();
        pausedUntil = now + opts.pauseMs;
        opts.fallbacks.inc({ store });
        if (now - loggedAt >= opts.logEveryMs) {
          loggedAt = now;
          opts.log(
            JSON.stringify({
              time: new Date().toISOString(),
              level: 'warn',
              event: 'shared-store-fallback',
              store,
              error: describeError(error),
              hint: "limits and the embed cache run on this instance's memory until Redis answers again",
            }),
          );
        }
        return fallback();
      }
    },
  };
}

/** A short, key-free description of a Redis failure (codes and messages, never the URL). */
export function describeError(error: unknown): string {
  const e = error as { code?: unknown; message?: unknown; name?: unknown };
  const text = typeof e?.code === 'string' ? e.code : typeof e?.message === 'string' ? e.message : String(error);
  return text.slice(0, 200);
}
