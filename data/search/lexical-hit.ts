/** One verse found by a lexical index. */
export interface LexicalHit {
  /** Global verse index 0..6235. */
  readonly index: number;
  readonly score: number;
  /**
   * Share (0..1) of the query's idf mass that this verse matches: 1 when it contains every
   * query word (or an expansion of it), near 0 when it only matches a common word.
   */
  readonly coverage: number;
  /**
   * Coverage counting partial word matches too (Arabic stem 4-grams), >= `coverage`; only set by
   * an index with a soft part. Ranks (coverage weighting), never decides whether a verse matched.
   */
  readonly softCoverage?: number;
}
