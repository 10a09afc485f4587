/**
 * Character n-grams of Arabic light stems: the third, softest key of the Arabic lexical blend.
 *
 * Arabic builds words with prefixes, suffixes and letters inside them that a light stemmer
 * cannot all strip safely: the verb `يعلم` and the noun `علم`, `يؤمن` and `المؤمنين`. A stem or root
 * key matches whole or not at all; the 4-grams of `#يعلم#` and `#علم#` still share `علم#`, and
 * `يومن`/`مومن` share `ومن#`, so a verse that uses another form of a query word gets partial
 * credit instead of none.
 *
 * Each word is its light stem (arabic-analyzer.ts: stop words, question framing and honorifics
 * already dropped) wrapped in `#` boundaries and cut into overlapping n-grams; a stem shorter
 * than n is one term. On the query side every distinct n-gram is its own query word, so a
 * verse's coverage is the share of the query's n-gram idf mass it contains: a soft "how much of
 * the question is here", which the engine's coverage exponent rewards (ADR 0006).
 */
import { ARABIC_NORMALIZATION_VERSION } from '../../arabic/arabic-normalize.js';
import { createArabicAnalyzer } from './arabic-analyzer.js';
import { type QueryTerm, type TextAnalyzer } from './text-analyzer.js';

/** n of the n-grams: 4 beat 3 and 5 on Qur'an QA Task A train and QUQA (ADR 0006). */
export const ARABIC_NGRAM_SIZE = 4;

/** Boundary marker around a stem, so `#قل` (word start) differs from `قل` inside a word. */
const BOUNDARY = '#';

/** Overlapping n-grams of one stem with boundaries; a stem that fits in n is one term. */
export function stemNgrams(stem: string, n: number = ARABIC_NGRAM_SIZE): string[] {
  if (!Number.isInteger(n) || n < 2) throw new RangeError(`n-gram size must be a whole number >= 2, got ${n}`);
  const padded = BOUNDARY + stem + BOUNDARY;
  if (padded.length <= n) return [padded];
  const out: string[] = [];
  for (let i = 0; i + n <= padded.length; i++) out.push(padded.slice(i, i + n));
  return out;
}

export function createArabicNgramAnalyzer(n: number = ARABIC_NGRAM_SIZE): TextAnalyzer {
  const light = createArabicAnalyzer();
  const cache = new Map<string, readonly string[]>();
  const gramsOf = (stem: string): readonly string[] => {
    let grams = cache.get(stem);
    if (!grams) {
      grams = stemNgrams(stem, n);
      cache.set(stem, grams);
    }
    return grams;
  };
  const expand = (stems: readonly string[]): string[] => {
    const out: string[] = [];
    for (const s of stems) for (const g of gramsOf(s)) out.push(g);
    return out;
  };
  const lightIndexTerms = light.indexTerms ?? light.terms;
  const lightQueryTerms = light.queryTerms!;
  return {
    id: `ar-ngram${n}-n${ARABIC_NORMALIZATION_VERSION}`,
    terms: (text) => expand(light.terms(text)),
    indexTerms: (text) => expand(lightIndexTerms(text)),
    queryTerms: (text): QueryTerm[] => {
      // One query word per distinct n-gram (weight: the heaviest word it comes from), so that
      // coverage counts n-grams, not words: a verse with 3 of a word's 5 n-grams covers 3/5 of it.
      const byGram = new Map<string, QueryTerm>();
      for (const q of lightQueryTerms(text)) {
        if (q.fallback) continue;
        for (const term of gramsOf(q.term)) {
          const seen = byGram.get(term);
          if (!seen || seen.weight < q.weight) byGram.set(term, { term, weight: q.weight, group: seen?.group ?? byGram.size });
        }
      }
      return [...byGram.values()];
    },
  };
}
