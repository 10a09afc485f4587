/**
 * Reaching the proxy: its URLs (relative to the page when the host gives a relative `proxy`)
 * and a `fetch` whose network failures say the proxy is down.
 */
import { ProxyError } from './proxy-error.js';
import { isAbortError } from './abort-error.js';

/** Absolute URL of a proxy path; a relative `proxy` resolves against the page. */
export function proxyUrl(proxy: string, path: string, baseHref: string | undefined = globalThis.location?.href): string {
  const base = new URL(proxy.endsWith('/') ? proxy : `${proxy}/`, baseHref);
  return new URL(path.replace(/^\//, ''), base).href;
}

/** `fetch` that turns network failures into `ProxyError('proxy-down')`; aborts are rethrown as is. */
export async function fetchFromProxy(fetchFn: typeof fetch, url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetchFn(url, init);
  } catch (e) {
    if (isAbortError(e)) throw e;
    throw new ProxyError('proxy-down', `${what}: the proxy at ${url} cannot be reached (${(e as Error).message ?? e})`);
  }
}
