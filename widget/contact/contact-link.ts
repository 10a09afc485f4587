/**
 * @module
 * The site owner's "reach a person" link, `contact-href` (a mailto:, tel:, or the mosque's
 * contact page). It becomes an `<a href>` on the host page, so only those schemes and
 * same-site paths are accepted.
 */
import { isSafeLink } from '../links/safe-link.js';

export type ContactLink = { readonly ok: true; readonly href: string } | { readonly ok: false; readonly warning: string };

const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'mailto', 'tel']);
/** `imam@mosque.example` with no `mailto:`: the owner means an email, not a page of that name. */
const BARE_EMAIL = /^[^\s@/:?#]+@[^\s@/:?#]+\.[^\s@/:?#]+$/;

export function parseContactHref(value: string): ContactLink {
  const href = value.trim();
  const example = 'e.g. mailto:imam@mosque.example or https://mosque.example/contact';
  if (!href) return { ok: false, warning: `<quran-dai>: contact-href is empty; set a link, ${example}` };
  if (BARE_EMAIL.test(href)) return { ok: true, href: `mailto:${href}` };
  if (!isSafeLink(href, ALLOWED_SCHEMES))
    return {
      ok: false,
      warning: `<quran-dai>: contact-href "${href}" is refused: use an https: (or http:), mailto: or tel: link or a path on this site, ${example}`,
    };
  return { ok: true, href };
}
