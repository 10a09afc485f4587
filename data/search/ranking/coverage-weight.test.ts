import { describe, expect, it } from 'vitest';
import { weighByCoverage } from './coverage-weight.js';

const hits = [
  { index: 10, score: 9, coverage: 0.3 }, // one rare word, repeated
  { index: 20, score: 6, coverage: 0.9 }, // most of the question
  { index: 30, score: 4, coverage: 1 },
];

describe('when weighing lexical hits by coverage', () => {
  it('should leave the hits untouched at p = 0', () => {
    expect(weighByCoverage(hits, 0)).toBe(hits);
  });
  it('should score BM25 × coverage^p and re-rank: 6·0.81 = 4.86 > 4·1 = 4 > 9·0.09 = 0.81 at p = 2', () => {
    const out = weighByCoverage(hits, 2);
    expect(out.map((h) => h.index)).toEqual([20, 30, 10]);
    expect(out.map((h) => h.score)).toEqual([6 * 0.9 ** 2, 4, 9 * 0.3 ** 2]);
    expect(out.map((h) => h.coverage)).toEqual([0.9, 1, 0.3]);
  });
  it('should keep the incoming order on ties', () => {
    const tied = [
      { index: 5, score: 2, coverage: 1 },
      { index: 3, score: 2, coverage: 1 },
    ];
    expect(weighByCoverage(tied, 2).map((h) => h.index)).toEqual([5, 3]);
  });
  it('should refuse a negative or missing exponent', () => {
    expect(() => weighByCoverage(hits, -1)).toThrow(/coverage exponent must be a number >= 0, got -1/);
    expect(() => weighByCoverage(hits, Number.NaN)).toThrow(/got NaN/);
  });
});
