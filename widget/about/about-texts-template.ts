/**
 * @module
 * "About these texts": a disclosure at the foot of the widget listing every text it shows, with
 * its author, its source (linked) and the terms it comes with, from the sources file the corpus
 * build put in the manifest. The names follow the interface language where the text is in it;
 * the terms are the publishers' own, in English (marked so, for screen readers).
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { TextSource } from '../../data/sources/text-sources.js';
import type { Translate } from '../i18n/ui-language.js';

export interface AboutTextsOptions {
  readonly sources: readonly TextSource[];
  /** The interface language: a text in it is named in it. */
  readonly lang: string;
  readonly t: Translate;
}

/** Only what a visitor reads: the Quran text, the translations, the transliteration, the explanations, the topic names. */
const SHOWN_KINDS: ReadonlySet<TextSource['kind']> = new Set(['quran', 'translation', 'transliteration', 'explanation', 'project']);

export function aboutTextsTemplate(o: AboutTextsOptions): TemplateResult | typeof nothing {
  const shown = o.sources.filter((s) => SHOWN_KINDS.has(s.kind));
  if (shown.length === 0) return nothing;
  return html`<details class="about" part="about">
    <summary part="about-summary">${o.t('aboutTexts')}</summary>
    <p class="about__intro">${o.t('aboutIntro')}</p>
    <ul class="about__list">
      ${shown.map((s) => {
        const name = s.language === o.lang ? s.nativeName : s.name;
        const source = s.url ? html`<a href=${s.url} target="_blank" rel="noopener noreferrer">${s.source}</a>` : html`${s.source}`;
        return html`<li part="about-item" data-source=${s.id}>
          <strong><bdi>${name}</bdi></strong> · <bdi>${s.author}</bdi> · ${o.t('aboutSource')} ${source}
          <span class="about__terms" lang="en" dir="ltr">${s.terms}</span>
        </li>`;
      })}
    </ul>
  </details>`;
}
