/**
 * A plain Okapi BM25 index over pre-tokenised documents: the yardstick the engine must beat
 * (issue target: English Recall@20 >= 1.5x this). Lucene's formula and defaults:
 * idf = ln(1 + (N - df + 0.5) / (df + 0.5)), k1 = 1.2, b = 0.75; each distinct query term
 * counts once. Ties go to the earlier document (mushaf order) so runs are reproducible.
 */

export interface PlainBm25Options {
  /** Term-frequency saturation. Default 1.2. */
  readonly k1?: number;
  /** Length normalisation. Default 0.75. */
  readonly b?: number;
}

export const DEFAULT_PLAIN_BM25_OPTIONS = { k1: 1.2, b: 0.75 } as const satisfies Required<PlainBm25Options>;

export interface ScoredDoc {
  readonly index: number;
  readonly score: number;
}

export interface PlainBm25Index {
  search(queryTerms: readonly string[], limit: number): ScoredDoc[];
}

export function buildPlainBm25(docs: readonly (readonly string[])[], options: PlainBm25Options = {}): PlainBm25Index {
  const { k1, b } = { ...DEFAULT_PLAIN_BM25_OPTIONS, ...options };
  const n = docs.length;
  const lengths = docs.map((d) => d.length);
  const avgdl = lengths.reduce((s, l) => s + l, 0) / Math.max(n, 1);
  // term → postings (doc index, term frequency)
  const postings = new Map<string, { doc: number; tf: number }[]>();
  docs.forEach((terms, doc) => {
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [term, count] of tf) {
      const list = postings.get(term);
      if (list) list.push({ doc, tf: count });
      else postings.set(term, [{ doc, tf: count }]);
    }
  });

  return {
    search(queryTerms, limit) {
      const scores = new Map<number, number>();
      for (const term of new Set(queryTerms)) {
        const list = postings.get(term);
        if (!list) continue;
        const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
        for (const { doc, tf } of list) {
          const norm = k1 * (1 - b + (b * lengths[doc]!) / avgdl);
          scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (k1 + 1)) / (tf + norm));
        }
      }
      return [...scores]
        .map(([index, score]) => ({ index, score }))
        .sort((x, y) => y.score - x.score || x.index - y.index)
        .slice(0, limit);
    },
  };
}
