/**
 * The best `k` of a set of touched verses by score, from dense score/coverage buffers.
 * Insertion into a sorted window: k is small (<= a few hundred) and most verses fail the
 * first comparison, so this beats sorting every touched verse.
 */
import type { LexicalHit } from './lexical-hit.js';

/** Best first; ties go to the lower verse index. Coverage is capped at 1. */
export function topK(scores: Float32Array, coverage: Float32Array, touched: Uint16Array, count: number, k: number): LexicalHit[] {
  const size = Math.min(k, count);
  if (size <= 0) return [];
  const best = new Int32Array(size);
  let filled = 0;
  for (let i = 0; i < count; i++) {
    const d = touched[i]!;
    const s = scores[d]!;
    if (filled === size) {
      const last = best[size - 1]!;
      if (s < scores[last]! || (s === scores[last]! && d > last)) continue;
    }
    let j = filled < size ? filled++ : size - 1;
    while (j > 0) {
      const prev = best[j - 1]!;
      if (scores[prev]! > s || (scores[prev]! === s && prev < d)) break;
      best[j] = prev;
      j--;
    }
    best[j] = d;
  }
  const hits: LexicalHit[] = [];
  for (let i = 0; i < filled; i++) {
    const d = best[i]!;
    hits.push({ index: d, score: scores[d]!, coverage: Math.min(1, coverage[d]!) });
  }
  return hits;
}
