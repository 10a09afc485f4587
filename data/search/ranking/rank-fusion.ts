/**
 * Reciprocal rank fusion (Cormack, Clarke & Büttcher, SIGIR 2009): each ranking gives a
 * verse 1 / (k + rank), rank counted from 1, and the sums are sorted. It needs no score
 * calibration between BM25 and cosine, which live on unrelated scales.
 */

/** The paper's constant: large enough that the top of one list does not drown the other. */
export const RRF_K = 60;

export interface Ranking {
  /** Name of the list, e.g. `lexical` or `vector`. */
  readonly source: string;
  /** Verse indices, best first (duplicates after the first are ignored). */
  readonly indices: readonly number[];
  /** Multiplies this list's 1 / (k + rank) (weighted RRF). Default 1. */
  readonly weight?: number;
}

export interface FusedItem {
  readonly index: number;
  readonly score: number;
  /** 1-based rank of the verse in each list that has it, keyed by `Ranking.source`. */
  readonly ranks: Readonly<Record<string, number>>;
}

/**
 * Fuse rankings; best first. Ties are broken by the best single rank, then the lower
 * verse index, so the order is fully deterministic.
 */
export function reciprocalRankFusion(rankings: readonly Ranking[], k: number = RRF_K): FusedItem[] {
  if (!(k >= 0)) throw new RangeError(`RRF k must be >= 0, got ${k}`);
  const fused = new Map<number, { index: number; score: number; best: number; ranks: Record<string, number> }>();
  for (const { source, indices, weight = 1 } of rankings) {
    if (!(weight >= 0)) throw new RangeError(`RRF weight of ${source} must be >= 0, got ${weight}`);
    indices.forEach((index, i) => {
      const rank = i + 1;
      let item = fused.get(index);
      if (!item) {
        item = { index, score: 0, best: rank, ranks: {} };
        fused.set(index, item);
      }
      if (item.ranks[source] !== undefined) return;
      item.ranks[source] = rank;
      item.score += weight / (k + rank);
      item.best = Math.min(item.best, rank);
    });
  }
  return [...fused.values()]
    .sort((a, b) => b.score - a.score || a.best - b.best || a.index - b.index)
    .map(({ index, score, ranks }) => ({ index, score, ranks }));
}
