/**
 * Tokeniser of the plain BM25 baseline: lowercase, split on anything that is not a letter,
 * digit or mark, drop stop words, NO stemming. Stop words come from the `stopword` package
 * (its standard English and Arabic lists), not from the engine, so the baseline stays an
 * independent yardstick. Arabic is normalised with the corpus's own normaliser so that the
 * query and the `arabic-search` track (already normalised) agree.
 */
import { ara, eng } from 'stopword';
import { normalizeArabic } from '../../data/arabic/arabic-normalize.js';

export type PlainLang = 'en' | 'ar';

const WORD_SPLIT = /[^\p{L}\p{N}\p{M}]+/u;

const STOP_WORDS: Readonly<Record<PlainLang, ReadonlySet<string>>> = {
  en: new Set(eng.map((w) => w.toLowerCase())),
  ar: new Set(ara.map((w) => normalizeArabic(w)).filter(Boolean)),
};

export function plainTokens(text: string, lang: PlainLang): string[] {
  const prepared = lang === 'ar' ? normalizeArabic(text) : text.toLowerCase();
  const stop = STOP_WORDS[lang];
  return prepared.split(WORD_SPLIT).filter((w) => w !== '' && !stop.has(w));
}

/** Arabic script anywhere in the text → `ar`, else `en`. */
export function detectPlainLang(text: string): PlainLang {
  return /\p{Script=Arabic}/u.test(text) ? 'ar' : 'en';
}
