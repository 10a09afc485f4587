/**
 * @module
 * Who may read `/metrics` (request counts, token use, budget refusals: operational data, not
 * for visitors). With `METRICS_TOKEN` set, only a scraper that sends it as a bearer token.
 * Without it, only a client on this machine: the socket is loopback and the request came
 * through no reverse proxy (a forwarding header means someone outside sent it via nginx).
 * Everyone else gets the same 404 as any unknown path, so the endpoint does not advertise itself.
 *
 * Behind a reverse proxy (`behindReverseProxy`) loopback proves nothing: a bare `proxy_pass` on
 * the same machine adds no forwarding header, so an outside request arrives from 127.0.0.1 like a
 * local one. There, without a token, `/metrics` is closed to everyone.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { ProxyEnvBindings } from '../../http/app-env.js';
import { bearerTokenOf, tokenMatches } from '../../http/bearer-token.js';
import { isLoopbackAddress } from '../../http/ip-address.js';
import { jsonError } from '../../http/json-error.js';

export interface MetricsAccessOptions {
  /** Bearer token a scraper must send. Default `''`: loopback clients only. */
  token?: string;
  /** Requests come through a reverse proxy (TRUST_PROXY): without a token, nobody is local. Default false. */
  behindReverseProxy?: boolean;
  /** The response for a non-local request when no token is set. Default: a bare 404. */
  notFound?: (c: Context<ProxyEnvBindings>) => Response;
}

export const DEFAULT_METRICS_ACCESS_OPTIONS = {
  token: '',
  behindReverseProxy: false,
  notFound: () => new Response(null, { status: 404 }),
} satisfies Required<MetricsAccessOptions>;

const FORWARDING_HEADERS = ['x-forwarded-for', 'x-forwarded-host', 'forwarded', 'x-real-ip'] as const;

/**
 * @param options.token - default `''` (loopback only)
 * @example app.get('/metrics', metricsAccess({ token: env.METRICS_TOKEN }), handler)
 */
export function metricsAccess(options: MetricsAccessOptions = {}): MiddlewareHandler<ProxyEnvBindings> {
  const opts = { ...DEFAULT_METRICS_ACCESS_OPTIONS, ...options };
  return async function metricsAccessMiddleware(c, next) {
    if (opts.token) {
      if (!tokenMatches(bearerTokenOf(c), opts.token)) {
        throw jsonError(401, 'invalid-token', 'Send the METRICS_TOKEN as Authorization: Bearer <token>.', { headers: { 'www-authenticate': 'Bearer' } });
      }
    } else if (opts.behindReverseProxy || !isLoopbackAddress(c.get('clientAddress') ?? '') || FORWARDING_HEADERS.some((h) => c.req.header(h) !== undefined)) {
      return opts.notFound(c);
    }
    await next();
  };
}
