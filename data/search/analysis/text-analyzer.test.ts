import { describe, expect, it } from 'vitest';
import { analyzeQuery, foldLatin, memoizeWord, plainQueryTerms, type TextAnalyzer } from './text-analyzer.js';

describe('when turning terms into query terms', () => {
  it('should give one group per distinct term and weight repeats', () => {
    expect(plainQueryTerms(['a', 'b', 'a'])).toEqual([
      { term: 'a', weight: 2, group: 0 },
      { term: 'b', weight: 1, group: 1 },
    ]);
  });
  it("should use the analyzer's own query path when it has one", () => {
    const plain: TextAnalyzer = { id: 'p', terms: (t) => t.split(' ') };
    const custom: TextAnalyzer = { ...plain, queryTerms: () => [{ term: 'x', weight: 0.5, group: 0 }] };
    expect(analyzeQuery(plain, 'a b')).toEqual([
      { term: 'a', weight: 1, group: 0 },
      { term: 'b', weight: 1, group: 1 },
    ]);
    expect(analyzeQuery(custom, 'a b')).toEqual([{ term: 'x', weight: 0.5, group: 0 }]);
  });
});

describe('when memoising a word function', () => {
  it('should call it once per distinct word', () => {
    let calls = 0;
    const upper = memoizeWord((w) => {
      calls++;
      return w.toUpperCase();
    });
    expect([upper('a'), upper('b'), upper('a')]).toEqual(['A', 'B', 'A']);
    expect(calls).toBe(2);
  });
});

describe('when folding Latin text', () => {
  it('should lowercase and strip accents', () => {
    expect(foldLatin('Ibrāhīm ÇA Été')).toBe('ibrahim ca ete');
  });
});
