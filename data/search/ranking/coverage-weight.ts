/**
 * Coverage weighting of lexical hits: score × coverage^p. BM25 sums per-word scores, so a verse
 * that repeats one rare word of a long question can outscore a verse that holds most of it;
 * raising coverage (the share of the question's idf mass a verse matches) to a power favours
 * the verse that answers more of the question. Measured per track (ADR 0006).
 */
import type { LexicalHit } from '../index/lexical-hit.js';

/**
 * Hits re-scored as score × coverage^p (the soft coverage where the index has one), best first;
 * ties keep their incoming order. p = 0 returns `hits` as they are.
 */
export function weighByCoverage(hits: readonly LexicalHit[], p: number): readonly LexicalHit[] {
  if (!(Number.isFinite(p) && p >= 0)) throw new RangeError(`coverage exponent must be a number >= 0, got ${p}`);
  if (p === 0) return hits;
  return hits
    .map((h, i) => ({ hit: { ...h, score: h.score * Math.pow(h.softCoverage ?? h.coverage, p) }, i }))
    .sort((a, b) => b.hit.score - a.hit.score || a.i - b.i)
    .map((x) => x.hit);
}
