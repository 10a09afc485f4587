/**
 * @module
 * Who may spend this proxy's API budget on `/api/chat` and `/api/embed`: a web page on an
 * allowed origin (or the proxy's own origin: the demo), or the operator's own server with the
 * bearer token `API_TOKEN`. A request with neither (curl, a script) is refused with 403, so the
 * proxy is not a free LLM endpoint for anyone who finds its URL. An `Origin` header can be
 * forged outside a browser, so this only keeps casual callers out; the rate limit and the
 * spend budget are what bound the cost.
 */
import type { MiddlewareHandler } from 'hono';
import { bearerTokenOf, tokenMatches } from '../../http/bearer-token.js';
import { jsonError } from '../../http/json-error.js';
import { corsAllowlist, type CorsAllowlistOptions } from '../cors-allowlist/index.js';

export interface ApiAccessOptions extends CorsAllowlistOptions {
  /** Bearer token that lets a server call the API without an `Origin`. Default `''` (none). */
  apiToken?: string;
}

export const DEFAULT_API_ACCESS_OPTIONS = {
  apiToken: '',
} satisfies Pick<Required<ApiAccessOptions>, 'apiToken'>;

export const ORIGIN_REQUIRED_CODE = 'origin-required';
export const INVALID_TOKEN_CODE = 'invalid-token';

/**
 * @param options.allowedOrigins - default `[]` (same-origin only)
 * @param options.apiToken - default `''` (no server-to-server access)
 * @example app.use('/api/chat', apiAccess({ allowedOrigins: ['https://mosque.example'], apiToken: env.API_TOKEN }))
 */
export function apiAccess(options: ApiAccessOptions = {}): MiddlewareHandler {
  const { apiToken, ...corsOptions } = { ...DEFAULT_API_ACCESS_OPTIONS, ...options };
  const browserAccess = corsAllowlist(corsOptions);
  return async function apiAccessMiddleware(c, next) {
    const token = bearerTokenOf(c);
    if (token !== undefined) {
      if (tokenMatches(token, apiToken)) return next();
      throw jsonError(
        401,
        INVALID_TOKEN_CODE,
        apiToken
          ? "The bearer token is not this proxy's API_TOKEN."
          : 'This proxy has no API_TOKEN set, so it takes no bearer token; call it from a web page on an allowed origin.',
        {
          headers: { 'www-authenticate': 'Bearer' },
        },
      );
    }
    if (c.req.header('origin') === undefined) {
      throw jsonError(
        403,
        ORIGIN_REQUIRED_CODE,
        'This API answers web pages on allowed origins (ALLOWED_ORIGINS) and servers that send Authorization: Bearer <API_TOKEN>.',
      );
    }
    return browserAccess(c, next);
  };
}
