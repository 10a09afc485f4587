/**
 * @module
 * Browser policies for the HTML pages the proxy serves (the demo page): a Content-Security-
 * Policy that lets only this origin's scripts run (plus WebAssembly, for the in-browser
 * embedding model) and blob workers (the search worker when the widget is embedded
 * cross-origin), no plugins and no `<base>` tricks, so an injection in the page cannot load
 * script from elsewhere; and a Permissions-Policy that switches off the powerful features
 * the widget never uses. Styles are not restricted: the host page and Lit's adopted style
 * sheets need none of that, and a style cannot run script.
 */
import type { MiddlewareHandler } from 'hono';

export interface PagePolicyOptions {
  /** `Content-Security-Policy` for HTML responses. Default `DEMO_CONTENT_SECURITY_POLICY`. */
  contentSecurityPolicy?: string;
  /** `Permissions-Policy` for HTML responses. Default `DEMO_PERMISSIONS_POLICY`. */
  permissionsPolicy?: string;
}

export const DEMO_CONTENT_SECURITY_POLICY = [
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'self'",
].join('; ');

export const DEMO_PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  // Not 'bluetooth': Chromium does not know it as a policy feature and logs an error on every page.
  'hid=()',
  'midi=()',
  'display-capture=()',
  'browsing-topics=()',
].join(', ');

export const DEFAULT_PAGE_POLICY_OPTIONS = {
  contentSecurityPolicy: DEMO_CONTENT_SECURITY_POLICY,
  permissionsPolicy: DEMO_PERMISSIONS_POLICY,
} satisfies Required<PagePolicyOptions>;

/**
 * @see https://developer.mozilla.org/docs/Web/HTTP/CSP
 * @param options.contentSecurityPolicy - default `DEMO_CONTENT_SECURITY_POLICY`
 * @param options.permissionsPolicy - default `DEMO_PERMISSIONS_POLICY`
 * @example app.use(pagePolicy())
 */
export function pagePolicy(options: PagePolicyOptions = {}): MiddlewareHandler {
  const opts = { ...DEFAULT_PAGE_POLICY_OPTIONS, ...options };
  return async function pagePolicyMiddleware(c, next) {
    await next();
    if (!/^text\/html\b/i.test(c.res.headers.get('content-type') ?? '')) return;
    c.res.headers.set('content-security-policy', opts.contentSecurityPolicy);
    c.res.headers.set('permissions-policy', opts.permissionsPolicy);
  };
}
