/**
 * @module
 * Whether a site owner's URL may become an `href` or `src` on the host page: a path on the
 * site, or an absolute URL with one of the allowed schemes. Never `javascript:`, `data:` or
 * `vbscript:`, however they are spelled.
 */
export function isSafeLink(url: string, allowedSchemes: ReadonlySet<string>): boolean {
  // Browsers ignore tabs and newlines inside a scheme ("java\tscript:"), so judge the URL without them.
  const compact = url.replace(/[\t\n\r]/g, '');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(compact)?.[1]?.toLowerCase();
  if (scheme === undefined) return !compact.startsWith('//') || URL.canParse(`https:${compact}`);
  return allowedSchemes.has(scheme) && URL.canParse(compact);
}
