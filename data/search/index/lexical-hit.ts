import { TopK } from '../../index/top-k.js';

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

/**
 * The best `k` of the first `count` touched verses by score, from an index's dense
 * score/coverage buffers: best first, ties to the lower verse index, coverage capped at 1.
 */
export function topLexicalHits(scores: Float32Array, coverage: Float32Array, touched: Uint16Array, count: number, k: number): LexicalHit[] {
  const top = new TopK(Math.min(k, count));
  for (let i = 0; i < count; i++) {
    const d = touched[i]!;
    top.push(d, scores[d]!);
  }
  return top.hits().map(({ index }) => ({ index, score: scores[index]!, coverage: Math.min(1, coverage[index]!) }));
}
