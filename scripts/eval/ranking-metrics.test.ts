import { describe, expect, it } from 'vitest';
import { averagePrecisionAt, meanMetrics, ndcgAt, recallAt, reciprocalRankAt, scoreRanking } from './ranking-metrics.js';

const relevant = new Set(['a', 'b', 'c', 'd']);
const ranking = ['a', 'x', 'b', 'y', 'c'];

describe('when scoring a ranking by hand-computed values', () => {
  it('should divide AP@k by the total number of relevant items', () => {
    // hits at ranks 1 and 3: (1/1 + 2/3) / 4
    expect(averagePrecisionAt(ranking, relevant, 3)).toBeCloseTo((1 + 2 / 3) / 4, 12);
    // plus rank 5: (1 + 2/3 + 3/5) / 4
    expect(averagePrecisionAt(ranking, relevant, 5)).toBeCloseTo((1 + 2 / 3 + 3 / 5) / 4, 12);
  });

  it('should keep dividing by R when R exceeds the cut-off', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => `r${i}`);
    expect(averagePrecisionAt(twelve, new Set(twelve), 10)).toBeCloseTo(10 / 12, 12);
  });

  it('should give the reciprocal rank of the first hit inside the cut-off only', () => {
    expect(reciprocalRankAt(['x', 'y', 'b'], relevant, 10)).toBeCloseTo(1 / 3, 12);
    expect(reciprocalRankAt(['x', 'y', 'b'], relevant, 2)).toBe(0);
  });

  it('should compute recall at each cut-off', () => {
    expect(recallAt(ranking, relevant, 3)).toBe(0.5);
    expect(recallAt(ranking, relevant, 5)).toBe(0.75);
  });

  it('should compute binary nDCG@k against an ideal list of min(R, k) hits', () => {
    const ideal = 1 + 1 / Math.log2(3) + 1 / Math.log2(4);
    expect(ndcgAt(ranking, relevant, 3)).toBeCloseTo((1 + 1 / Math.log2(4)) / ideal, 12);
    expect(ndcgAt(['a', 'b', 'c'], relevant, 3)).toBeCloseTo(1, 12);
  });
});

describe('when a ranking repeats an id', () => {
  it('should refuse to score it', () => {
    expect(() => averagePrecisionAt(['a', 'a'], relevant, 10)).toThrow(/duplicate/);
  });
});

describe('when averaging over questions', () => {
  it('should count every question, including zero scores', () => {
    const perfect = scoreRanking(['a', 'b', 'c', 'd'], relevant, { k: 10, recallAt: [10] });
    const miss = scoreRanking(['x'], relevant, { k: 10, recallAt: [10] });
    const mean = meanMetrics([perfect, miss]);
    expect(mean.ap).toBe(0.5);
    expect(mean.rr).toBe(0.5);
    expect(mean.recall[10]).toBe(0.5);
    expect(mean.ndcg).toBeCloseTo(0.5, 12);
  });
});
