/**
 * @module
 * Per-client fixed-window rate limit (e.g. 20 chats per hour). Over the limit: 429 JSON with
 * `Retry-After` in seconds until the window resets. In memory: one proxy process.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ProxyEnvBindings } from '../../http/app-env.js';
import { jsonError } from '../../http/json-error.js';

export interface RateLimitOptions {
  /** Requests allowed per client per window. Required. */
  limit: number;
  /** Window length in ms. Default 1 hour. */
  windowMs?: number;
  /** Client key. Default: the `clientAddress` context variable. */
  keyOf?: (c: Context<ProxyEnvBindings>) => string;
  /** Clock. Default `Date.now`. */
  now?: () => number;
  /** Name in the error message, e.g. `chat`. Default `request`. */
  name?: string;
  /** Forget expired windows when more clients than this are tracked. Default 50,000. */
  maxKeys?: number;
  /** Called when a request is refused (metrics). */
  onLimited?: (c: Context<ProxyEnvBindings>) => void;
}

export const DEFAULT_RATE_LIMIT_OPTIONS = {
  windowMs: 3_600_000,
  keyOf: (c: Context<ProxyEnvBindings>) => c.get('clientAddress') ?? 'unknown',
  now: Date.now,
  name: 'request',
  maxKeys: 50_000,
  onLimited: () => {},
} satisfies Omit<Required<RateLimitOptions>, 'limit'>;

export const RATE_LIMITED_CODE = 'rate-limited';

interface Window {
  count: number;
  resetAt: number;
}

/**
 * @param options.limit - requests per window (required)
 * @param options.windowMs - default 3,600,000
 * @example app.post('/api/chat', rateLimit({ limit: 20, name: 'chat' }), handler)
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<ProxyEnvBindings> {
  const opts = { ...DEFAULT_RATE_LIMIT_OPTIONS, ...options };
  if (!(opts.limit >= 1)) throw new Error(`rateLimit: limit must be >= 1, got ${opts.limit}`);
  const windows = new Map<string, Window>();

  return async function rateLimitMiddleware(c, next) {
    const now = opts.now();
    const key = opts.keyOf(c);
    let w = windows.get(key);
    if (!w || w.resetAt <= now) {
      if (windows.size >= opts.maxKeys) sweep(windows, now, opts.maxKeys);
      w = { count: 0, resetAt: now + opts.windowMs };
      windows.set(key, w);
    }
    w.count++;
    const remaining = Math.max(0, opts.limit - w.count);
    const resetSeconds = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    if (w.count > opts.limit) {
      opts.onLimited(c);
      throw jsonError(429, RATE_LIMITED_CODE, `Too many ${opts.name} requests; try again in ${formatWait(resetSeconds)}.`, {
        headers: { 'retry-after': String(resetSeconds), 'ratelimit-limit': String(opts.limit), 'ratelimit-remaining': '0', 'ratelimit-reset': String(resetSeconds) },
      });
    }
    await next();
    try {
      c.res.headers.set('ratelimit-limit', String(opts.limit));
      c.res.headers.set('ratelimit-remaining', String(remaining));
      c.res.headers.set('ratelimit-reset', String(resetSeconds));
    } catch {
      // immutable headers (a Response passed through from fetch): the limit still applies
    }
  };
}

function sweep(windows: Map<string, Window>, now: number, maxKeys: number): void {
  for (const [k, w] of windows) if (w.resetAt <= now) windows.delete(k);
  // Still full of live windows: drop the oldest half rather than grow without bound.
  if (windows.size >= maxKeys) {
    let drop = Math.floor(windows.size / 2);
    for (const k of windows.keys()) {
      if (drop-- <= 0) break;
      windows.delete(k);
    }
  }
}

function formatWait(seconds: number): string {
  return seconds >= 120 ? `${Math.ceil(seconds / 60)} minutes` : `${seconds} seconds`;
}
