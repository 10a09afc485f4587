/**
 * @module
 * The site owner's "reach a person" link (`contact-href`, `contact-label`) under an answer,
 * and put forward with a short lead when the verses do not cover the question or it asks for
 * a ruling. Loaded when `contact-href` is set, so pages without it never download it.
 */
import { html, type TemplateResult } from 'lit';
import type { Translate } from '../i18n/ui-language.js';

export { parseContactHref } from './contact-link.js';
export { asksForRuling, contactProminent } from './contact-prominence.js';

export interface ContactOptions {
  /** Already checked by `parseContactHref`. */
  readonly href: string;
  /** The site owner's label; default the localised "Ask our imam". */
  readonly label: string | undefined;
  readonly prominent: boolean;
  readonly t: Translate;
}

export function contactTemplate(o: ContactOptions): TemplateResult {
  // Web pages open beside the widget; mailto: and tel: hand over to the visitor's apps.
  const external = /^https?:/i.test(o.href);
  const link = html`<a href=${o.href} target=${external ? '_blank' : '_self'} rel="noopener noreferrer">${o.label || o.t('contactLabel')}</a>`;
  return o.prominent
    ? html`<p class="notice" part="contact contact-prominent">${o.t('contactLead')} ${link}</p>`
    : html`<p class="answer__tafsir" part="contact">${link}</p>`;
}
