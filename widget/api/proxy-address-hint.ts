/**
 * `proxy="proxy.mosque.org"` without `https://` is a path on the host page's own site
 * (`https://mosque.org/proxy.mosque.org/`), and `proxy="localhost:8787"` reads as a URL scheme:
 * every request then goes astray and the failure looks like a network problem. A volunteer
 * pasting the snippet needs to be told what to write instead.
 */
const HOST_WITHOUT_SCHEME = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d{1,5})?(?:\/|$)/i;

/** What to write instead, when `proxy` looks like a host name with no scheme; undefined otherwise. */
export function proxyAddressHint(proxy: string): string | undefined {
  if (!HOST_WITHOUT_SCHEME.test(proxy.trim())) return undefined;
  return `proxy="${proxy}" has no https:// in front, so it is read as a path on this page's own site; if the proxy runs on another host, write proxy="https://${proxy.trim()}"`;
}
