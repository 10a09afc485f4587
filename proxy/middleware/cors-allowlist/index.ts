/**
 * @module
 * CORS for the API: an origin allowlist on top of `hono/cors`. Unlike plain CORS headers it
 * also *refuses* (403 JSON) API calls and preflights from origins that are not allowed, so
 * another site cannot spend this proxy's API budget from its visitors' browsers. Same-origin
 * requests and requests without an `Origin` header (curl, server-to-server) always pass.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { jsonError } from '../../http/json-error.js';

export interface CorsAllowlistOptions {
  /** Allowed origins (`https://mosque.example`) or `*`. Default: none (same-origin only). */
  allowedOrigins?: readonly string[] | '*';
  /** Preflight cache, seconds. Default 600. */
  maxAge?: number;
  /** Response headers the widget may read. Default `Retry-After`, `X-Cache`, rate-limit headers. */
  exposeHeaders?: readonly string[];
}

export const DEFAULT_CORS_ALLOWLIST_OPTIONS = {
  allowedOrigins: [] as readonly string[] | '*',
  maxAge: 600,
  exposeHeaders: ['Retry-After', 'X-Cache', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as readonly string[],
} satisfies Required<CorsAllowlistOptions>;

export const ORIGIN_NOT_ALLOWED_CODE = 'origin-not-allowed';

/**
 * @see https://hono.dev/docs/middleware/builtin/cors
 * @param options.allowedOrigins - default `[]` (same-origin only)
 * @param options.maxAge - default 600
 * @example app.use('/api/*', corsAllowlist({ allowedOrigins: ['https://mosque.example'] }))
 */
export function corsAllowlist(options: CorsAllowlistOptions = {}): MiddlewareHandler {
  const opts = { ...DEFAULT_CORS_ALLOWLIST_OPTIONS, ...options };
  const isAllowed = createOriginCheck(opts.allowedOrigins);
  const headers = cors({
    origin: (origin, c) => (isAllowed(origin, c) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type'],
    exposeHeaders: [...opts.exposeHeaders],
    maxAge: opts.maxAge,
  });
  return async function corsAllowlistMiddleware(c, next) {
    const origin = c.req.header('origin');
    // No Origin: not a browser cross-origin call (curl, a server, a same-origin GET); no CORS headers needed.
    if (origin === undefined) return next();
    if (!isAllowed(origin, c)) {
      throw jsonError(403, ORIGIN_NOT_ALLOWED_CODE, `Origin ${origin.slice(0, 200)} is not allowed to use this proxy; add it to ALLOWED_ORIGINS.`);
    }
    return headers(c, next);
  };
}

/** The allowlist as a predicate (also used by `/api/config` to tell a page what it may use). */
export function createOriginCheck(allowedOrigins: readonly string[] | '*'): (origin: string, c: Context) => boolean {
  const allowed = allowedOrigins === '*' ? '*' : new Set(allowedOrigins);
  return (origin, c) => allowed === '*' || allowed.has(origin) || isSameOrigin(origin, c);
}

/** Same origin as the URL the request was made to (the Host the browser used). */
export function isSameOrigin(origin: string, c: Context): boolean {
  const url = new URL(c.req.url);
  if (origin === url.origin) return true;
  const host = c.req.header('host');
  if (!host) return false;
  try {
    const o = new URL(origin);
    // Behind a TLS-terminating proxy the app sees http:// while the browser says https://.
    return o.host === host;
  } catch {
    return false;
  }
}
