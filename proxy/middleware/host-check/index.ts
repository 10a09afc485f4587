/**
 * @module
 * Refuses requests for a host name this proxy does not serve, which stops DNS rebinding: a
 * page on `evil.example` that re-points its name at 127.0.0.1 reaches a developer's local
 * proxy with `Host: evil.example`, and would otherwise read its answers and spend its keys.
 * Always allowed: `localhost` (and `*.localhost`) and IP literals, which no attacker's page
 * can be served from; other names only when listed in `PUBLIC_ORIGINS`. The port is not
 * compared: rebinding keeps whatever port the attacker chose, and the name is what gives it away.
 *
 * Only `Host` is read, never `X-Forwarded-Host`: any page can send that header, and a reverse
 * proxy that passes it through unchanged let `Host: evil.example` with `X-Forwarded-Host:
 * quran.mosque.example` through as the mosque's own name. A reverse proxy in front sets `Host`.
 */
import type { MiddlewareHandler } from 'hono';
import { isIpLiteral } from '../../http/ip-address.js';
import { jsonError } from '../../http/json-error.js';

export interface HostCheckOptions {
  /** Origins the proxy is reached at (`https://quran.mosque.example`); `*` turns the check off. Default `[]`. */
  publicOrigins?: readonly string[] | '*';
}

export const DEFAULT_HOST_CHECK_OPTIONS = {
  publicOrigins: [] as readonly string[] | '*',
} satisfies Required<HostCheckOptions>;

export const HOST_NOT_ALLOWED_CODE = 'host-not-allowed';

/**
 * @param options.publicOrigins - default `[]` (loopback names and IP literals only)
 * @example app.use(hostCheck({ publicOrigins: ['https://quran.mosque.example'] }))
 */
export function hostCheck(options: HostCheckOptions = {}): MiddlewareHandler {
  const opts = { ...DEFAULT_HOST_CHECK_OPTIONS, ...options };
  if (opts.publicOrigins === '*') {
    return async function hostCheckOff(_c, next) {
      await next();
    };
  }
  const names = new Set(opts.publicOrigins.map((o) => new URL(o).hostname));
  return async function hostCheckMiddleware(c, next) {
    const host = c.req.header('host') ?? new URL(c.req.url).host;
    const hostname = hostnameOf(host);
    if (hostname === null || !(isLocalName(hostname) || names.has(hostname))) {
      const shown = host.slice(0, 200);
      throw jsonError(
        421,
        HOST_NOT_ALLOWED_CODE,
        `This proxy does not answer for the host "${shown}"; if that is its public name, add its origin (e.g. https://${hostname ?? 'quran.mosque.example'}) to PUBLIC_ORIGINS.`,
      );
    }
    await next();
  };
}

/** `Host` value → lower-case hostname without a trailing dot (IPv6 keeps its brackets), or null when malformed. */
export function hostnameOf(host: string): string | null {
  if (host === '' || /[@/\\?#\s]/.test(host)) return null; // userinfo or a path would change what the URL parser reads
  try {
    return new URL(`http://${host}`).hostname.replace(/\.$/, '');
  } catch {
    return null;
  }
}

function isLocalName(hostname: string): boolean {
  return hostname === 'localhost' || hostname.endsWith('.localhost') || isIpLiteral(hostname);
}
