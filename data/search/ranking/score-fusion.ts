/**
 * Score fusion (a convex combination of normalised scores; Bruch, Gai & Ingber, TOIS 2023):
 * each list's scores are min-max scaled to 0..1 over its own candidates, then summed with
 * the lists' weights. Unlike rank fusion it keeps how far apart two hits are, which matters
 * when one list is confident (a clear cosine winner) and the other is not.
 */
import type { FusedItem } from './rank-fusion.js';

export interface ScoredList {
  /** Name of the list, e.g. `lexical` or `vector`. */
  readonly source: string;
  /** Candidates, best first, each with the list's own score (BM25, cosine). */
  readonly hits: readonly { readonly index: number; readonly score: number }[];
  /** Weight of this list in the sum. Default 1. */
  readonly weight?: number;
}

/** Fuse lists by weighted normalised score; best first, ties broken like RRF (best rank, then index). */
export function scoreFusion(lists: readonly ScoredList[]): FusedItem[] {
  const fused = new Map<number, { index: number; score: number; best: number; ranks: Record<string, number> }>();
  for (const { source, hits, weight = 1 } of lists) {
    if (!(weight >= 0)) throw new RangeError(`score fusion weight of ${source} must be >= 0, got ${weight}`);
    if (hits.length === 0) continue;
    let max = -Infinity;
    let min = Infinity;
    for (const h of hits) {
      max = Math.max(max, h.score);
      min = Math.min(min, h.score);
    }
    // One candidate, or all equal: each counts fully.
    const span = max - min;
    hits.forEach((h, i) => {
      let item = fused.get(h.index);
      if (!item) {
        item = { index: h.index, score: 0, best: i + 1, ranks: {} };
        fused.set(h.index, item);
      }
      if (item.ranks[source] !== undefined) return;
      item.ranks[source] = i + 1;
      item.score += weight * (span > 0 ? (h.score - min) / span : 1);
      item.best = Math.min(item.best, i + 1);
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.best - b.best || a.index - b.index)
    .map(({ index, score, ranks }) => ({ index, score, ranks }));
}
