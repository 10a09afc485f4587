/**
 * `proxy="proxy.mosque.org"` without `https://` is a path on the host page's own site
 * (`https://mosque.org/proxy.mosque.org/`), and `proxy="localhost:8787"` reads as a URL scheme:
 * every request then goes astray and the failure looks like a network problem. A volunteer
 * pasting the snippet needs to be told what to write instead.
 */
const HOST_WITHOUT_SCHEME = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+)(?::\d{1,5})?(?:\/|$)/i;

/** The script's own address pasted into `proxy` (it is in the same snippet). */
const SCRIPT_PATH = /^(?<base>.*?)\/?widget\/quran-dai\.js(?:[?#].*)?$/;

/** What to write instead, when `proxy` looks like a host name with no scheme or the script's URL; undefined otherwise. */
export function proxyAddressHint(proxy: string): string | undefined {
  const script = SCRIPT_PATH.exec(proxy.trim());
  if (script) return `proxy="${proxy}" is the address of the widget's script; set proxy to the proxy's own address, proxy="${script.groups!.base || '/'}"`;
  if (!HOST_WITHOUT_SCHEME.test(proxy.trim())) return undefined;
  return `proxy="${proxy}" has no https:// in front, so it is read as a path on this page's own site; if the proxy runs on another host, write proxy="https://${proxy.trim()}"`;
}
