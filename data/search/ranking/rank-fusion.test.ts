import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion, RRF_K } from './rank-fusion.js';

describe('when fusing two hand-made rankings with k = 60', () => {
  // lexical: 10, 20, 30      vector: 20, 40, 10
  // 10: 1/61 + 1/63 = 0.0322664   20: 1/62 + 1/61 = 0.0325225
  // 30: 1/63 = 0.0158730          40: 1/62 = 0.0161290
  const fused = reciprocalRankFusion([
    { source: 'lexical', indices: [10, 20, 30] },
    { source: 'vector', indices: [20, 40, 10] },
  ]);

  it('should order by summed reciprocal ranks', () => {
    expect(fused.map((f) => f.index)).toEqual([20, 10, 40, 30]);
  });
  it('should give the exact scores', () => {
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(1 / 61 + 1 / 63, 12);
    expect(fused[2]!.score).toBeCloseTo(1 / 62, 12);
    expect(fused[3]!.score).toBeCloseTo(1 / 63, 12);
  });
  it("should record each list's 1-based rank", () => {
    expect(fused[0]!.ranks).toEqual({ lexical: 2, vector: 1 });
    expect(fused[2]!.ranks).toEqual({ vector: 2 });
  });
  it("should default to the paper's k", () => {
    expect(RRF_K).toBe(60);
  });
});

describe('when scores tie', () => {
  it('should prefer the better single rank, then the lower index', () => {
    // 5 and 7 both score 1/61 + 1/62; 9 and 3 both score 1/63.
    const fused = reciprocalRankFusion([
      { source: 'a', indices: [5, 7, 9] },
      { source: 'b', indices: [7, 5, 3] },
    ]);
    expect(fused.map((f) => f.index)).toEqual([5, 7, 3, 9]);
  });
  it('should ignore a repeated index within one list and honour another k', () => {
    const fused = reciprocalRankFusion([{ source: 'a', indices: [1, 1, 2] }], 0);
    expect(fused).toEqual([
      { index: 1, score: 1, ranks: { a: 1 } },
      { index: 2, score: 1 / 3, ranks: { a: 3 } },
    ]);
  });
  it('should refuse a negative k', () => {
    expect(() => reciprocalRankFusion([], -1)).toThrow(/k must be >= 0/);
  });
});

describe('when one list is weighted (weighted RRF)', () => {
  it("should multiply that list's reciprocal ranks by its weight", () => {
    const fused = reciprocalRankFusion(
      [
        { source: 'lexical', indices: [10, 20] },
        { source: 'vector', indices: [20, 30], weight: 2 },
      ],
      60,
    );
    expect(fused.map((f) => f.index)).toEqual([20, 30, 10]);
    expect(fused[0]!.score).toBeCloseTo(1 / 62 + 2 / 61, 12);
    expect(fused[1]!.score).toBeCloseTo(2 / 62, 12);
  });

  it('should refuse a negative weight', () => {
    expect(() => reciprocalRankFusion([{ source: 'vector', indices: [1], weight: -1 }])).toThrow(/weight of vector must be >= 0/);
  });
});
