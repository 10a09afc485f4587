/**
 * @module
 * An explained verse's tafsir link on quran.com, from the corpus reference (never from the
 * answer), with the note that the written answer is an explanation, not a tafsir, when there
 * is one.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Corpus } from '../../data/corpus/corpus.js';
import { tryParseReference } from '../../data/corpus/reference-parser.js';
import { quranComTafsirUrl } from '../../data/corpus/verse-range.js';
import type { Translate } from '../i18n/ui-language.js';

export function tafsirLinkTemplate(ref: string | undefined, corpus: Corpus | undefined, t: Translate, note = true): TemplateResult | typeof nothing {
  const range = ref && corpus ? tryParseReference(ref, corpus) : undefined;
  if (!ref || !range) return nothing;
  const href = quranComTafsirUrl({ surah: range.surah, ayah: range.from });
  return html`<p class="answer__tafsir" part="answer-tafsir">
    ${note ? html`${t('tafsirNote')} ` : nothing}<a href=${href} target="_blank" rel="noopener noreferrer">${t('tafsirLink', { ref })}</a>
  </p>`;
}
