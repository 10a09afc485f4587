/**
 * @module
 * Per-client fixed-window rate limit (e.g. 20 chats per hour). Over the limit: 429 JSON with
 * `Retry-After` in seconds until the window resets. Windows live in a `RateLimitStore`: this
 * process's memory by default, or a store shared by several instances. A client is its IPv4
 * address or its IPv6 /64 (see `clientBlockKey`), so rotating through the addresses of one
 * connection gains nothing.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ProxyEnvBindings } from '../../http/app-env.js';
import { jsonError } from '../../http/json-error.js';
import { clientBlockKey } from '../../http/ip-address.js';
import { formatWait } from '../../http/format-wait.js';
import { createMemoryRateLimitStore, type RateLimitStore } from './rate-limit-store.js';

export type { RateLimitVariables } from './rate-limit-variables.js';

export interface RateLimitOptions {
  /** Requests allowed per client per window. Required. */
  limit: number;
  /** Window length in ms. Default 1 hour. */
  windowMs?: number;
  /** Client key. Default: the `clientAddress` context variable, IPv6 cut to its /64. */
  keyOf?: (c: Context<ProxyEnvBindings>) => string;
  /** Clock. Default `Date.now`. */
  now?: () => number;
  /** Name in the error message, e.g. `chat`. Default `request`. */
  name?: string;
  /** Most clients tracked at once by the default memory store; past it a newcomer replaces the client with the fewest requests below its limit (503 only when all have reached it). Default 50,000. */
  maxKeys?: number;
  /** Where windows are counted. Default: this process's memory (with `maxKeys`). Its keys are `<name>:<client>`. */
  store?: RateLimitStore;
  /** Called when a request is refused, over its limit or because the table is full (metrics). */
  onLimited?: (c: Context<ProxyEnvBindings>) => void;
}

export const DEFAULT_RATE_LIMIT_OPTIONS = {
  windowMs: 3_600_000,
  keyOf: (c: Context<ProxyEnvBindings>) => clientBlockKey(c.get('clientAddress') ?? 'unknown'),
  now: Date.now,
  name: 'request',
  maxKeys: 50_000,
  onLimited: () => {},
} satisfies Omit<Required<RateLimitOptions>, 'limit' | 'store'>;

/** Responses that mean the request itself was invalid (refunded): 400, 413, 415, 422. */
const INVALID_REQUEST_STATUSES: ReadonlySet<number> = new Set([400, 413, 415, 422]);

export const RATE_LIMITED_CODE = 'rate-limited';
export const TOO_MANY_CLIENTS_CODE = 'too-many-clients';

/**
 * @param options.limit - requests per window (required)
 * @param options.windowMs - default 3,600,000
 * @example app.post('/api/chat', rateLimit({ limit: 20, name: 'chat' }), handler)
 */
export function rateLimit(options: RateLimitOptions): MiddlewareHandler<ProxyEnvBindings> {
  const opts = { ...DEFAULT_RATE_LIMIT_OPTIONS, ...options };
  if (!(opts.limit >= 1)) throw new Error(`rateLimit: limit must be >= 1, got ${opts.limit}`);
  const store = opts.store ?? createMemoryRateLimitStore({ maxKeys: opts.maxKeys });

  return async function rateLimitMiddleware(c, next) {
    const now = opts.now();
    const key = `${opts.name}:${opts.keyOf(c)}`;
    const w = await store.hit(key, opts.windowMs, now, opts.limit);
    if ('full' in w) {
      opts.onLimited(c);
      const wait = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
      throw jsonError(503, TOO_MANY_CLIENTS_CODE, `The proxy is serving too many visitors right now; try again in ${formatWait(wait)}.`, {
        headers: { 'retry-after': String(wait) },
      });
    }
    c.set('rateLimitCharge', async (units: number) => {
      const charged = await store.hit(key, opts.windowMs, opts.now(), opts.limit, units);
      return !('full' in charged) && charged.count <= opts.limit;
    });
    const remaining = Math.max(0, opts.limit - w.count);
    const resetSeconds = Math.max(1, Math.ceil((w.resetAt - now) / 1000));
    if (w.count > opts.limit) {
      opts.onLimited(c);
      throw jsonError(429, RATE_LIMITED_CODE, `Too many ${opts.name} requests; try again in ${formatWait(resetSeconds)}.`, {
        headers: {
          'retry-after': String(resetSeconds),
          'ratelimit-limit': String(opts.limit),
          'ratelimit-remaining': '0',
          'ratelimit-reset': String(resetSeconds),
        },
      });
    }
    await next();
    // An invalid request (bad JSON, a missing field, too large, the wrong type) is not counted:
    // junk cannot spend a visitor's allowance nor keep a client in the table.
    if (INVALID_REQUEST_STATUSES.has(c.res.status)) await store.refund(key, now).catch(() => undefined);
    try {
      c.res.headers.set('ratelimit-limit', String(opts.limit));
      c.res.headers.set('ratelimit-remaining', String(remaining));
      c.res.headers.set('ratelimit-reset', String(resetSeconds));
    } catch {
      // immutable headers (a Response passed through from fetch): the limit still applies
    }
  };
}
