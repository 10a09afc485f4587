/**
 * Rank metrics over one ranked list of item ids (verse keys like `2:153`, or passage ids)
 * against a set of relevant ids. Definitions follow trec_eval, which the Qur'an QA 2023
 * organisers use through pytrec_eval:
 * - AP@k divides by the TOTAL number of relevant items R, even when R > k (map_cut).
 * - RR@k is 1/rank of the first relevant item within the top k, else 0.
 * - Recall@k is |relevant in top k| / R.
 * - nDCG@k uses binary gains and log2(rank + 1) discounts; the ideal list has min(R, k) hits.
 * - Hit@3 is 1 when any relevant item is in the top 3: what a visitor sees first (a fitting
 *   verse among the three shown with their context).
 * The ranking must already be de-duplicated: a repeated id is a caller bug, not a second hit.
 */

export interface RankingMetrics {
  readonly ap: number;
  readonly rr: number;
  readonly recall: Readonly<Record<number, number>>;
  readonly ndcg: number;
  /** 1 when a relevant item is in the top 3, else 0 (the mean is the share of such questions); verse sets only. */
  readonly hit3?: number;
}

export interface MetricOptions {
  /** Cut-off for AP, RR and nDCG. Default 10. */
  readonly k?: number;
  /** Cut-offs for recall. Default [10, 20]. */
  readonly recallAt?: readonly number[];
}

export const DEFAULT_METRIC_OPTIONS = { k: 10, recallAt: [10, 20] } as const satisfies Required<MetricOptions>;

function assertUnique(ranking: readonly string[]): void {
  if (new Set(ranking).size !== ranking.length) {
    throw new Error('ranking has duplicate ids; de-duplicate it (keep the first occurrence) before scoring');
  }
}

/** AP@k: sum of precision at each relevant rank <= k, divided by R (trec_eval map_cut). */
export function averagePrecisionAt(ranking: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  assertUnique(ranking);
  if (relevant.size === 0) return 0;
  let hits = 0;
  let sum = 0;
  ranking.slice(0, k).forEach((id, i) => {
    if (!relevant.has(id)) return;
    hits += 1;
    sum += hits / (i + 1);
  });
  return sum / relevant.size;
}

export function reciprocalRankAt(ranking: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  const i = ranking.slice(0, k).findIndex((id) => relevant.has(id));
  return i < 0 ? 0 : 1 / (i + 1);
}

export function recallAt(ranking: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  assertUnique(ranking);
  if (relevant.size === 0) return 0;
  return ranking.slice(0, k).filter((id) => relevant.has(id)).length / relevant.size;
}

/** Binary-gain nDCG@k with log2(rank + 1) discounts. */
export function ndcgAt(ranking: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  assertUnique(ranking);
  if (relevant.size === 0) return 0;
  const dcg = ranking.slice(0, k).reduce((s, id, i) => (relevant.has(id) ? s + 1 / Math.log2(i + 2) : s), 0);
  let ideal = 0;
  for (let i = 0; i < Math.min(relevant.size, k); i++) ideal += 1 / Math.log2(i + 2);
  return dcg / ideal;
}

/** 1 when any relevant item is in the top k. */
export function hitAt(ranking: readonly string[], relevant: ReadonlySet<string>, k: number): number {
  return ranking.slice(0, k).some((id) => relevant.has(id)) ? 1 : 0;
}

export function scoreRanking(ranking: readonly string[], relevant: ReadonlySet<string>, options: MetricOptions = {}): RankingMetrics {
  const { k, recallAt: cuts } = { ...DEFAULT_METRIC_OPTIONS, ...options };
  const recall: Record<number, number> = {};
  for (const c of cuts) recall[c] = recallAt(ranking, relevant, c);
  return {
    ap: averagePrecisionAt(ranking, relevant, k),
    rr: reciprocalRankAt(ranking, relevant, k),
    recall,
    ndcg: ndcgAt(ranking, relevant, k),
    hit3: hitAt(ranking, relevant, 3),
  };
}

/** Mean of each metric over questions (every question counts, including zeros). */
export function meanMetrics(perQuestion: readonly RankingMetrics[]): RankingMetrics {
  const n = perQuestion.length;
  if (n === 0) throw new Error('no questions to average; check the dataset path and --split');
  const mean = (f: (m: RankingMetrics) => number) => perQuestion.reduce((s, m) => s + f(m), 0) / n;
  const recall: Record<number, number> = {};
  for (const c of Object.keys(perQuestion[0]!.recall).map(Number)) recall[c] = mean((m) => m.recall[c] ?? 0);
  const hit3 = perQuestion.every((m) => m.hit3 !== undefined) ? { hit3: mean((m) => m.hit3!) } : {};
  return { ap: mean((m) => m.ap), rr: mean((m) => m.rr), recall, ndcg: mean((m) => m.ndcg), ...hit3 };
}
