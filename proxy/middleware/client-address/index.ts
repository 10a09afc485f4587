/**
 * @module
 * Client address for rate limiting. The socket address comes from the runtime adapter;
 * `X-Forwarded-For` is believed only when `trustProxy` is on (behind your own nginx/Caddy),
 * and then only its right-most entry, the one your proxy appended. An IPv4-mapped IPv6
 * address (`::ffff:1.2.3.4`, from a dual-stack socket) is stored as the IPv4 client it is.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { normalizeIp } from '../../http/ip-address.js';

/** Context variables this middleware sets. */
export interface ClientAddressVariables {
  /** Client address used for rate limits. */
  clientAddress: string;
}

export interface ClientAddressOptions {
  /** Trust `X-Forwarded-For`. Default false: a client could forge it. */
  trustProxy?: boolean;
  /** The socket's remote address (e.g. `getConnInfo(c).remote.address` on Node). Default: none. */
  remoteAddress?: (c: Context) => string | undefined;
}

export const DEFAULT_CLIENT_ADDRESS_OPTIONS = {
  trustProxy: false,
  remoteAddress: () => undefined,
} satisfies Required<ClientAddressOptions>;

/** Used when the runtime gives no address: every such client shares one bucket. */
export const UNKNOWN_CLIENT = 'unknown';

/**
 * @param options.trustProxy - default false
 * @param options.remoteAddress - default `() => undefined`
 * @example app.use(clientAddress({ trustProxy: true, remoteAddress: (c) => getConnInfo(c).remote.address }))
 */
export function clientAddress(options: ClientAddressOptions = {}): MiddlewareHandler<{ Variables: ClientAddressVariables }> {
  const opts = { ...DEFAULT_CLIENT_ADDRESS_OPTIONS, ...options };
  return async function clientAddressMiddleware(c, next) {
    c.set('clientAddress', resolveClientAddress(c, opts));
    await next();
  };
}

export function resolveClientAddress(c: Context, opts: Required<ClientAddressOptions>): string {
  if (opts.trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop();
    if (last) return normalizeIp(last);
  }
  let remote: string | undefined;
  try {
    remote = opts.remoteAddress(c);
  } catch {
    remote = undefined; // app.request() in tests has no socket
  }
  return remote ? normalizeIp(remote) : UNKNOWN_CLIENT;
}
