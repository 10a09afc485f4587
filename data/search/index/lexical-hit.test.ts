import { describe, expect, it } from 'vitest';
import { topLexicalHits } from './lexical-hit.js';

const scores = new Float32Array([0, 3, 1, 3, 5, 2]);
const coverage = new Float32Array([0, 0.5, 1, 0.25, 1.5, 0.75]);
const touched = new Uint16Array([5, 4, 3, 2, 1]);

describe('when picking the best k verses', () => {
  it('should order by score, ties by lower verse index, and cap coverage at 1', () => {
    expect(topLexicalHits(scores, coverage, touched, 5, 3)).toEqual([
      { index: 4, score: 5, coverage: 1 },
      { index: 1, score: 3, coverage: 0.5 },
      { index: 3, score: 3, coverage: 0.25 },
    ]);
  });
  it('should return every touched verse when k is larger, and nothing for k 0', () => {
    expect(topLexicalHits(scores, coverage, touched, 5, 10).map((h) => h.index)).toEqual([4, 1, 3, 5, 2]);
    expect(topLexicalHits(scores, coverage, touched, 5, 0)).toEqual([]);
  });
  it('should only look at the first `count` touched verses', () => {
    expect(topLexicalHits(scores, coverage, touched, 2, 10).map((h) => h.index)).toEqual([4, 5]);
  });
});
