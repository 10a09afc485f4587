/**
 * @module
 * Whether a site owner's URL may become an `href` or `src` on the host page: a path on the
 * site, or an absolute URL with one of the allowed schemes. Never `javascript:`, `data:` or
 * `vbscript:`, however they are spelled.
 *
 * The scheme is read by the URL parser browsers use, not by a pattern: a browser drops leading
 * control characters and spaces and tabs or newlines anywhere ("\x01javascript:…",
 * "java\tscript:…"), and a pattern that did not ran the link on click.
 */

/** A base no real page has: what resolves against it was a path on the page's own site. */
const PAGE_BASE = 'https://quran-dai-page.invalid/';

export function isSafeLink(url: string, allowedSchemes: ReadonlySet<string>): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url, PAGE_BASE);
  } catch {
    return false;
  }
  if (parsed.origin === new URL(PAGE_BASE).origin) return true; // a path on this site
  return allowedSchemes.has(parsed.protocol.slice(0, -1));
}
