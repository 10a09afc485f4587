/**
 * Which language a query is written in, so it searches the matching text track.
 * Script decides first (Arabic script, Han, Bengali, Cyrillic). Languages that share a script
 * (Arabic and Urdu; English, French, Spanish, Indonesian, Turkish and Swedish) are told apart by
 * a small naive Bayes model of letters and words (language-model.ts); the caller's `lang` hint
 * (the widget's UI language) is the expected language: it decides a one- or two-word query and
 * yields to a sentence written in another language.
 */
import { TRANSLATION_LANGS, type TranslationLang } from '../../corpus/corpus-types.js';
import { looksTransliterated } from '../analysis/transliteration-analyzer.js';
import { ARABIC_SCRIPT_LANGS, LATIN_LANGS, LanguageScorer, type ArabicScriptLang, type LatinLang } from './language-model.js';
import { ARABIC_SCRIPT_LANGUAGE_MODEL, LATIN_LANGUAGE_MODEL } from './language-model-weights.js';
import { ARABIC_SCRIPT } from '../../arabic/arabic-script.js';

/**
 * `ar` searches the normalised Arabic, `translit` the English transliteration (a verse typed
 * as it sounds), the others their translation.
 */
export type SearchLanguage = 'ar' | 'translit' | TranslationLang;
/** The corpus text track a language searches. */
export type SearchTrack = 'arabic-search' | 'translit' | TranslationLang;

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
  if (ARABIC_SCRIPT.test(query))
    return arabicScript.detect(
      query,
      ARABIC_SCRIPT_LANGS.find((l) => l === hinted),
    );
  if (/\p{Script=Han}/u.test(query)) return 'zh';
  if (/\p{Script=Bengali}/u.test(query)) return 'bn';
  if (/\p{Script=Cyrillic}/u.test(query)) return 'ru';
  if (looksTransliterated(query)) return 'translit';
  return detectLatinLanguage(query, hinted);
}

const arabicScript = new LanguageScorer<ArabicScriptLang>(ARABIC_SCRIPT_LANGUAGE_MODEL);
const latinScript = new LanguageScorer<LatinLang>(LATIN_LANGUAGE_MODEL);

function detectLatinLanguage(query: string, hinted: SearchLanguage | undefined): LatinLang {
  // Without a Latin-script interface language, English (the model's first) is expected.
  return latinScript.detect(
    query,
    LATIN_LANGS.find((l) => l === hinted),
  );
}

export function trackForLanguage(lang: SearchLanguage): SearchTrack {
  return lang === 'ar' ? 'arabic-search' : lang;
}
