/**
 * The `site-base-url` attribute: where the mosque publishes its documents, so a site result
 * links to them. A path on the page's own site (`/info`) is read against the page; an address
 * without its scheme (`mosque.example/info`) or anything but http(s) gives no links, and the
 * warning says what to write (it used to give no links without a word).
 */
export type SiteBase = { readonly ok: true; readonly base: string } | { readonly ok: false; readonly warning: string };

export function siteBaseFromAttribute(value: string, pageHref: string): SiteBase {
  const given = value.trim();
  const example = 'e.g. site-base-url="https://mosque.example/info" or site-base-url="/info"';
  if (/^\/(?!\/)/.test(given) && URL.canParse(given, pageHref)) return { ok: true, base: new URL(given, pageHref).href };
  let url: URL | undefined;
  try {
    url = new URL(given);
  } catch {
    url = undefined;
  }
  if (url && (url.protocol === 'https:' || url.protocol === 'http:')) return { ok: true, base: url.href };
  const fix = /^[a-z0-9-]+(\.[a-z0-9-]+)+(:\d+)?(\/|$)/i.test(given) ? ` Did you mean site-base-url="https://${given}"?` : '';
  return {
    ok: false,
    warning: `<quran-dai>: site-base-url="${given}" is not an https:// address or a path on this site, so the mosque's documents are not linked; ${example}.${fix}`,
  };
}
