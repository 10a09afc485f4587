/**
 * Which language a query is written in, so it searches the matching text track.
 * Script decides first (Arabic/Urdu, Han, Bengali, Cyrillic). Latin-script languages are told
 * apart by a small naive Bayes model of letters and words (latin-language-model.ts); the
 * caller's `lang` hint (the widget's UI language) is the expected language: it decides a one- or
 * two-word query and yields to a sentence written in another language.
 */
import { TRANSLATION_LANGS, type TranslationLang } from '../../corpus/corpus-types.js';
import { looksTransliterated } from '../analysis/transliteration-analyzer.js';
import { LATIN_LANGS, LatinLanguageScorer, type LatinLang } from './latin-language-model.js';
import { LATIN_LANGUAGE_MODEL } from './latin-language-weights.js';

/**
 * `ar` searches the normalised Arabic, `translit` the English transliteration (a verse typed
 * as it sounds), the others their translation.
 */
export type SearchLanguage = 'ar' | 'translit' | TranslationLang;
/** The corpus text track a language searches. */
export type SearchTrack = 'arabic-search' | 'translit' | TranslationLang;

// ٹ ڈ ڑ ں ۃ ے ۓ: letters Arabic never uses. ہ and ھ are not here: Arabic typed on Urdu or
// Persian keyboards produces them too (116 of QUQA's 2,009 Arabic questions have one).
const URDU_LETTERS = /[\u0679\u0688\u0691\u06BA\u06C3\u06D2\u06D3]/;
const ARABIC_SCRIPT = /[\u0600-\u06FF\u0750-\u077F\u08A0-\u08FF]/;

/** BCP-47 tag or bare code → a supported search language, or undefined. */
export function languageFromHint(hint: string | undefined): SearchLanguage | undefined {
  if (!hint) return undefined;
  const code = hint.trim().toLowerCase().split(/[-_]/)[0];
  if (code === 'ar') return 'ar';
  if (code === 'in') return 'id';
  return (TRANSLATION_LANGS as readonly string[]).includes(code ?? '') ? (code as TranslationLang) : undefined;
}

/** The language of `query`; `hint` is the UI language (any BCP-47 tag). */
export function detectQueryLanguage(query: string, hint?: string): SearchLanguage {
  const hinted = languageFromHint(hint);
  if (ARABIC_SCRIPT.test(query)) return hinted === 'ur' || URDU_LETTERS.test(query) ? 'ur' : 'ar';
  if (/\p{Script=Han}/u.test(query)) return 'zh';
  if (/\p{Script=Bengali}/u.test(query)) return 'bn';
  if (/\p{Script=Cyrillic}/u.test(query)) return 'ru';
  if (looksTransliterated(query)) return 'translit';
  return detectLatinLanguage(query, hinted);
}

const latinScorer = new LatinLanguageScorer(LATIN_LANGUAGE_MODEL);

function detectLatinLanguage(query: string, hinted: SearchLanguage | undefined): LatinLang {
  const expected = LATIN_LANGS.find((l) => l === hinted) ?? 'en';
  return latinScorer.detect(query, expected);
}

export function trackForLanguage(lang: SearchLanguage): SearchTrack {
  return lang === 'ar' ? 'arabic-search' : lang;
}
