/**
 * English analysis: fold accents, lowercase, split on non-letters, drop possessive `'s`,
 * drop stop words, Porter-stem (the `stemmer` package) except words it folds onto an unrelated
 * word's stem (english-stem-splits.ts). Queries also get glossary expansions
 * (e.g. "salah" adds "prayer") at a lower weight.
 */
import { stemmer } from 'stemmer';
import { ENGLISH_STOP_WORDS } from './english-stop-words.js';
import { ENGLISH_STEM_SPLITS } from './english-stem-splits.js';
import { glossaryExpansion } from './english-glossary.js';
import { stripLatinHonorifics } from './honorifics.js';
import { foldLatin, memoizeWord, type QueryTerm, type TextAnalyzer } from './text-analyzer.js';

/** Weight of a glossary expansion relative to the typed word. */
export const GLOSSARY_WEIGHT = 0.7;

/**
 * Porter leaves a noun in -ence/-ance apart from its adjective in -ent/-ant ("patience" →
 * patienc, "patient" → patient; obedience, arrogance, ignorance, abundance…). Questions use one
 * form and the translation the other, so both meet on the -nt stem.
 */
export function conflateNounAdjective(stem: string): string {
  return stem.replace(/([ea]n)c$/, '$1t');
}

const stem = memoizeWord((word: string) => ENGLISH_STEM_SPLITS.get(word) ?? conflateNounAdjective(stemmer(word)));

/**
 * An apostrophe inside a transliterated word marks an Arabic letter (hamza, ʿayn), and visitors
 * leave it out: "Jumu'ah"/"Jumuah", "Qur'an"/"Quran", "Du'a"/"Dua". Join the word's parts, except
 * in English contractions and possessives ("don't", "we'll", "Allah's"), which are split below.
 */
const INNER_APOSTROPHE = /([a-z])['’ʼʿ‘`](?!(?:s|t|d|m|ll|re|ve)\b)(?=[a-z])/g;

/** Folded words of `text` (no stop-word removal, no stemming). */
export function englishWords(text: string): string[] {
  return foldLatin(text)
    .replace(INNER_APOSTROPHE, '$1')
    .replace(/['’](s)?\b/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 1 && !/^\d+$/.test(w));
}

export function stemEnglish(word: string): string {
  return stem(word);
}

export function createEnglishAnalyzer(): TextAnalyzer {
  const terms = (text: string): string[] => {
    const out: string[] = [];
    for (const w of englishWords(text)) if (!ENGLISH_STOP_WORDS.has(w)) out.push(stem(w));
    return out;
  };
  const queryTerms = (text: string): QueryTerm[] => {
    const cleaned = stripLatinHonorifics(text);
    let words = englishWords(cleaned).filter((w) => !ENGLISH_STOP_WORDS.has(w));
    // A query of only stop words ("the Quran") still means something: search the words.
    if (words.length === 0) words = englishWords(cleaned);
    const out: QueryTerm[] = [];
    const groupOf = new Map<string, number>();
    let groups = 0;
    const add = (term: string, weight: number, group: number) => {
      const i = out.findIndex((q) => q.term === term);
      if (i < 0) out.push({ term, weight, group });
      else if (out[i]!.weight < weight) out[i] = { term, weight, group: out[i]!.group };
    };
    for (const w of words) {
      const term = stem(w);
      const known = groupOf.get(term);
      if (known !== undefined) continue;
      const group = groups++;
      groupOf.set(term, group);
      add(term, 1, group);
      const expansion = glossaryExpansion(w);
      if (expansion) for (const e of englishWords(expansion)) if (!ENGLISH_STOP_WORDS.has(e) || e === 'allah') add(stem(e), GLOSSARY_WEIGHT, group);
    }
    return out;
  };
  return { id: 'en-porter-nt-split', terms, queryTerms };
}
