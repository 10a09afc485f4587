/**
 * Analysis of the translation tracks other than English (id, tr, fr, es, ur, bn, ru, sv, zh).
 * Words are folded (lowercase, accents off; Urdu through `normalizeArabic`), stop words dropped,
 * and cut to their first 5 letters: prefix truncation is a language-independent stemmer that
 * does about as well as Snowball stemmers in retrieval (McNamee, Nicholas & Mayfield 2009,
 * "Addressing morphological variation in alphabetic languages"), and it also absorbs spelling
 * variants of word endings (Bengali ধৈর্য / ধৈর্য্য). Chinese has no spaces, so Han runs become
 * overlapping character bigrams (a lone character stays).
 */
import type { TranslationLang } from '../../corpus/corpus-types.js';
import { ARABIC_NORMALIZATION_VERSION, normalizeArabic } from '../../arabic/arabic-normalize.js';
import { TRANSLATION_STOP_WORDS } from './translation-stop-words.js';
import { foldLatin, memoizeWord, plainQueryTerms, WORD_SPLIT, type TextAnalyzer } from './text-analyzer.js';

export type OtherLang = Exclude<TranslationLang, 'en'>;

/** Letters (code points) kept by prefix truncation. */
export const TRUNCATE_STEM_LENGTH = 5;

const HAN = /\p{Script=Han}/u;

/** First `TRUNCATE_STEM_LENGTH` code points of a word. */
export function truncateStem(word: string): string {
  const chars = [...word];
  return chars.length > TRUNCATE_STEM_LENGTH ? chars.slice(0, TRUNCATE_STEM_LENGTH).join('') : word;
}

/** Folded words of `text` for `lang` (no stop-word removal). */
export function translationWords(lang: OtherLang, text: string): string[] {
  const folded = lang === 'ur' ? normalizeArabic(text) : foldLatin(text);
  return folded.split(WORD_SPLIT).filter((w) => w.length > 0 && !/^\d+$/.test(w));
}

/** Overlapping bigrams of a Han run (`信道者` → `信道`, `道者`); a single character stays. */
export function hanBigrams(run: string): string[] {
  const chars = [...run];
  if (chars.length < 2) return chars;
  const out: string[] = [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

export function createTranslationAnalyzer(lang: OtherLang): TextAnalyzer {
  if (lang === 'zh') return createChineseAnalyzer();
  // Urdu words are compared after normalizeArabic (ک → ك, ی → ي), so its stop words must be too.
  const stop = lang === 'ur' ? new Set([...TRANSLATION_STOP_WORDS.ur].map(normalizeArabic)) : TRANSLATION_STOP_WORDS[lang];
  const stem = memoizeWord(truncateStem);
  const terms = (text: string): string[] => {
    const out: string[] = [];
    for (const w of translationWords(lang, text)) if (w.length > 1 && !stop.has(w)) out.push(stem(w));
    return out;
  };
  return {
    // Urdu goes through normalizeArabic, so its index changes with the normalisation version.
    id: lang === 'ur' ? `ur-prefix5-n${ARABIC_NORMALIZATION_VERSION}` : `${lang}-prefix5`,
    terms,
    queryTerms: (text) => {
      const t = terms(text);
      return plainQueryTerms(t.length > 0 ? t : translationWords(lang, text).map(stem));
    },
  };
}

/**
 * Bigrams of how a question is asked, not what it asks (the Chinese counterpart of the English
 * stop words "quran", "verse", "say", "tell", "explain", "what", "how"): in 古兰经关于忍耐说了什么
 * only 忍耐 is the question, yet 古兰、兰经、关于、说了、了什、什么 also matched, in verses and in the
 * topics' example questions phrased the same way. Dropped from questions only (verses are indexed
 * whole); a question made of nothing else is searched as written. Measured in EVAL.md.
 */
export const CHINESE_QUESTION_BIGRAMS: ReadonlySet<string> = new Set([
  '古兰',
  '兰经',
  '经文',
  '经里',
  '经中',
  '关于',
  '说了',
  '了什',
  '什么',
  '怎么',
  '么说',
  '如何',
  '是否',
  '可以',
  '请问',
  '告诉',
  '解释',
  '为什',
  '哪些',
  '吗',
  '呢',
]);

function createChineseAnalyzer(): TextAnalyzer {
  const terms = (text: string): string[] => {
    const out: string[] = [];
    // Han runs → bigrams; other scripts (Latin names, digits) → folded words.
    for (const piece of foldLatin(text).split(/([\p{Script=Han}]+)/u)) {
      if (!piece) continue;
      if (HAN.test(piece)) out.push(...hanBigrams(piece));
      else for (const w of piece.split(WORD_SPLIT)) if (w.length > 1 && !/^\d+$/.test(w)) out.push(w);
    }
    return out;
  };
  return {
    id: 'zh-bigram',
    terms,
    queryTerms: (text) => {
      const all = terms(text);
      const asked = all.filter((t) => !CHINESE_QUESTION_BIGRAMS.has(t));
      return plainQueryTerms(asked.length > 0 ? asked : all);
    },
  };
}
