/**
 * @module
 * Which verse explanation a visitor gets. It is shown in the visitor's own language only (Arabic
 * and Indonesian: Tafsir al-Jalalayn), and it is loaded after the first results when it is shown or when
 * the question is in Arabic script (then the Arabic search indexes it too). An Urdu-script
 * question on a non-Urdu page loads it as well: telling Urdu from Arabic needs the language
 * model, which lives in the search worker, and a wasted download after the results costs the
 * visitor no waiting.
 */
import { EXPLANATION_LANGS, type ExplanationLang } from '../../data/corpus/corpus-types.js';
import { ARABIC_SCRIPT } from '../../data/arabic/arabic-script.js';

/** The language subtag of a BCP-47 tag (`ar-EG` → `ar`). */
const primaryOf = (tag: string) => tag.trim().toLowerCase().split(/[-_]/)[0];

/** The explanation shown under the verses for interface language `uiLang` (any BCP-47 tag), if there is one. */
export function shownExplanationLang(uiLang: string): ExplanationLang | undefined {
  const primary = primaryOf(uiLang);
  return EXPLANATION_LANGS.find((l) => l === primary);
}

/** The explanation to load once `question` has its first results, if any. */
export function wantedExplanationLang(question: string, uiLang: string): ExplanationLang | undefined {
  return shownExplanationLang(uiLang) ?? (primaryOf(uiLang) !== 'ur' && ARABIC_SCRIPT.test(question) ? 'ar' : undefined);
}
