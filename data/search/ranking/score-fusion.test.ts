import { describe, expect, it } from 'vitest';
import { scoreFusion } from './score-fusion.js';

describe('when fusing BM25 and cosine scores', () => {
  // lexical 10:12, 20:8, 30:2 → 1, 0.6, 0      vector 20:0.9, 40:0.85, 10:0.8 → 1, 0.5, 0
  const fused = scoreFusion([
    {
      source: 'lexical',
      hits: [
        { index: 10, score: 12 },
        { index: 20, score: 8 },
        { index: 30, score: 2 },
      ],
    },
    {
      source: 'vector',
      hits: [
        { index: 20, score: 0.9 },
        { index: 40, score: 0.85 },
        { index: 10, score: 0.8 },
      ],
      weight: 2,
    },
  ]);

  it('should min-max scale each list and sum with the weights', () => {
    expect(fused.map((f) => f.index)).toEqual([20, 10, 40, 30]);
    expect(fused[0]!.score).toBeCloseTo(0.6 + 2 * 1, 12);
    expect(fused[1]!.score).toBeCloseTo(1 + 0, 12);
    expect(fused[2]!.score).toBeCloseTo(2 * 0.5, 12);
    expect(fused[3]!.score).toBeCloseTo(0, 12);
  });

  it("should record each list's rank", () => {
    expect(fused[0]!.ranks).toEqual({ lexical: 2, vector: 1 });
    expect(fused[2]!.ranks).toEqual({ vector: 2 });
  });

  it('should count a lone candidate fully and skip an empty list', () => {
    expect(
      scoreFusion([
        { source: 'vector', hits: [{ index: 5, score: 0.4 }] },
        { source: 'lexical', hits: [] },
      ]),
    ).toEqual([{ index: 5, score: 1, ranks: { vector: 1 } }]);
  });
});
