/**
 * @module
 * The site owner's contact link (`contact-href`): checked as it changes (its module loads only
 * when it is set; a refused value warns once), shown under an answer or a search that found
 * nothing, and put forward when a person is the better guide.
 */
import type { ReactiveControllerHost, TemplateResult } from 'lit';
import { nothing } from 'lit';
import type { Translate } from '../i18n/ui-language.js';
import type { ContactSituation } from './contact-prominence.js';

type ContactModule = typeof import('./contact-template.js');

/** What the contact link's prominence depends on, and its text. */
export interface ContactContext extends ContactSituation {
  readonly label: string | undefined;
  readonly t: Translate;
}

export class ContactController {
  #link: { readonly module: ContactModule; readonly href: string } | undefined;
  #value: string | undefined;
  readonly #host: ReactiveControllerHost;
  readonly #warn: (warning: string) => void;

  constructor(host: ReactiveControllerHost, warn: (warning: string) => void) {
    this.#host = host;
    this.#warn = warn;
  }

  /** Checks a new `contact-href`. */
  async apply(value: string | undefined): Promise<void> {
    this.#value = value;
    if (!value) {
      this.#link = undefined;
      return;
    }
    const module = await import('./contact-template.js');
    if (value !== this.#value) return;
    const link = module.parseContactHref(value);
    this.#link = link.ok ? { module, href: link.href } : undefined;
    if (!link.ok) this.#warn(link.warning);
    this.#host.requestUpdate();
  }

  template(s: ContactContext): TemplateResult | typeof nothing {
    const link = this.#link;
    if (!link) return nothing;
    const prominent = link.module.contactProminent({ question: s.question, answer: s.answer, searchKind: s.searchKind });
    return link.module.contactTemplate({ href: link.href, label: s.label, prominent, t: s.t });
  }

  /**
   * With no written answer (search mode, no LLM, answers off for this page), a question that
   * asks for a ruling gets the link put forward under the verses: they alone cannot rule.
   */
  rulingTemplate(s: ContactContext): TemplateResult | typeof nothing {
    const link = this.#link;
    if (!link || s.answer || !link.module.asksForRuling(s.question)) return nothing;
    return this.template(s);
  }
}
