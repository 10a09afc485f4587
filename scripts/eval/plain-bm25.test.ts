import { describe, expect, it } from 'vitest';
import { buildPlainBm25 } from './plain-bm25.js';
import { detectPlainLang, plainTokens } from './plain-tokenizer.js';

// N = 3, avgdl = 2
const index = buildPlainBm25([['a', 'b'], ['a', 'a', 'c'], ['c']]);

describe('when scoring a tiny corpus by hand', () => {
  it('should match hand-computed BM25 scores', () => {
    // idf(a) = ln(1 + 1.5/2.5) = ln 1.6
    // d0: tf 1, dl 2 → 2.2 / (1 + 1.2) = 1;  d1: tf 2, dl 3 → 4.4 / (2 + 1.2 * 1.375)
    const [first, second, ...rest] = index.search(['a'], 10);
    expect(first!.index).toBe(1);
    expect(first!.score).toBeCloseTo(Math.log(1.6) * (4.4 / 3.65), 12);
    expect(second!.index).toBe(0);
    expect(second!.score).toBeCloseTo(Math.log(1.6), 12);
    expect(rest).toEqual([]);
  });

  it('should count a repeated query term once and respect the limit', () => {
    expect(index.search(['a', 'a'], 10)).toEqual(index.search(['a'], 10));
    expect(index.search(['a', 'c'], 1)).toHaveLength(1);
  });

  it('should return nothing for unknown terms', () => {
    expect(index.search(['zzz'], 10)).toEqual([]);
  });
});

describe('when tokenising for the plain baseline', () => {
  it('should lowercase, drop English stop words and not stem', () => {
    expect(plainTokens('What are the Rewards of Patience?', 'en')).toEqual(['rewards', 'patience']);
  });

  it('should normalise Arabic and drop Arabic stop words', () => {
    expect(plainTokens('حدثني عن شجرةُ الزَّقُّوم', 'ar')).toEqual(['حدثني', 'شجره', 'الزقوم']);
  });

  it('should detect Arabic script', () => {
    expect(detectPlainLang('قصة قوم نوح')).toBe('ar');
    expect(detectPlainLang('Who were the people of Shuayb?')).toBe('en');
  });
});
