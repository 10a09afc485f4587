/**
 * The contract every language analyzer meets: text in, index terms out. The same analyzer
 * runs over the verse texts (index time) and the visitor's query, so both sides agree.
 */

/** One query term. Terms of the same `group` stand for one word of the query (the word and its glossary expansions). */
export interface QueryTerm {
  readonly term: string;
  /** Multiplies the term's BM25 contribution (1 for the typed word, lower for expansions). */
  readonly weight: number;
  readonly group: number;
  /**
   * Another reading of the word (its clitics split off), searched only when no other term of
   * its group is in the index: a typed form the Quran does not have may still hold a word it has.
   */
  readonly fallback?: boolean;
}

export interface TextAnalyzer {
  /** Stable id for logs and caches, e.g. `en-porter`, `ar-light`. */
  readonly id: string;
  /** Terms of `text` in order (duplicates kept: BM25 counts them). */
  terms(text: string): string[];
  /**
   * Terms of a verse text of the track this analyzer indexes, which may skip work the track's
   * build already did (e.g. Arabic normalisation); defaults to `terms`. Same output as `terms`.
   */
  indexTerms?(text: string): string[];
  /** Terms of a query; defaults to `plainQueryTerms(terms(text))` when absent. */
  queryTerms?(text: string): QueryTerm[];
}

/** Query terms without expansion: one group per distinct term, repeated words add weight. */
export function plainQueryTerms(terms: readonly string[]): QueryTerm[] {
  const byTerm = new Map<string, QueryTerm>();
  for (const term of terms) {
    const seen = byTerm.get(term);
    byTerm.set(term, { term, weight: (seen?.weight ?? 0) + 1, group: seen?.group ?? byTerm.size });
  }
  return [...byTerm.values()];
}

/** Query terms through the analyzer's own query path when it has one. */
export function analyzeQuery(analyzer: TextAnalyzer, text: string): QueryTerm[] {
  return analyzer.queryTerms ? analyzer.queryTerms(text) : plainQueryTerms(analyzer.terms(text));
}

/**
 * Memoise a per-word function: verse texts repeat a small vocabulary (a few thousand distinct
 * words per language), so stemming each distinct word once makes the index build cheap.
 */
export function memoizeWord(fn: (word: string) => string): (word: string) => string {
  const cache = new Map<string, string>();
  return (word) => {
    let out = cache.get(word);
    if (out === undefined) {
      out = fn(word);
      cache.set(word, out);
    }
    return out;
  };
}

/** Letters and digits runs; everything else separates words. */
export const WORD_SPLIT = /[^\p{L}\p{N}\p{M}]+/u;

/** Lowercase and strip Latin accents (`Allāh` → `allah`, `Mūsā` → `musa`). */
export function foldLatin(text: string): string {
  // Most verse texts have no accented letter: skip the costly NFD pass for them.
  if (!/[\u00C0-\u024F\u1E00-\u1EFF\u0300-\u036f]/.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}
