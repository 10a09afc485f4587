import { describe, expect, it } from 'vitest';
import { Bm25Index } from '../index/bm25-index.js';
import { SectionEvidence } from './section-evidence.js';
import type { TextAnalyzer } from '../analysis/text-analyzer.js';

const words: TextAnalyzer = { id: 'words', terms: (t) => t.split(' ').filter(Boolean) };
// Verses v0 "a", v1 "b" form section 0 ("a b"); v2 "a", v3 "c" form section 1 ("a c").
const sectionOf = new Uint16Array([0, 0, 1, 1]);
const sections = Bm25Index.mergeDocuments(Bm25Index.build(['a', 'b', 'a', 'c'], words), sectionOf);
const evidence = new SectionEvidence([{ index: sections, weight: 1 }], sectionOf);
const hits = [
  { index: 2, score: 1, coverage: 0.5 },
  { index: 0, score: 0.9, coverage: 0.5 },
];

// Two sections of 2 words (avgdl 2): the tf part of tf 1 is 2.2/(1 + 1.2) = 1.
// idf(a) = ln(1 + 0.5/2.5) = ln 1.2; idf(b) = ln(1 + 1.5/1.5) = ln 2.
// Section 0 matches a and b: score ln 1.2 + ln 2, coverage 1.
// Section 1 matches a only: score ln 1.2, coverage ln 1.2 / (ln 1.2 + ln 2).
const S0 = Math.log(1.2) + Math.log(2);
const S1 = (Math.log(1.2) * Math.log(1.2)) / S0;

describe('when re-ranking hits by their section', () => {
  it('should lift a verse whose section holds the rest of the query, by hand-computed amounts', () => {
    const out = evidence.rerank('a b', hits, 0.2);
    expect(out.map((h) => h.index)).toEqual([0, 2]);
    expect(out[0]!.score).toBeCloseTo(0.9 + 0.2 * 1 * (S0 / S0), 6); // 1.1
    expect(out[1]!.score).toBeCloseTo(1 + (0.2 * 1 * S1) / S0, 6); // 1.0086735
    expect(out[1]!.coverage).toBe(0.5);
  });

  it('should leave the ranking alone at weight 0 or when no section matches', () => {
    expect(evidence.rerank('a b', hits, 0).map((h) => h.score)).toEqual([1, 0.9]);
    expect(evidence.rerank('z', hits, 0.2).map((h) => h.score)).toEqual([1, 0.9]);
    expect(evidence.rerank('a b', [], 0.2)).toEqual([]);
  });

  it('should give the same answer twice (its buffers are cleared after a query)', () => {
    const first = evidence.rerank('a b', hits, 0.2).map((h) => h.score);
    evidence.rerank('c', hits, 0.2);
    expect(evidence.rerank('a b', hits, 0.2).map((h) => h.score)).toEqual(first);
  });

  it('should refuse parts that index different sections', () => {
    const other = Bm25Index.build(['a', 'b', 'c'], words);
    expect(
      () =>
        new SectionEvidence(
          [
            { index: sections, weight: 1 },
            { index: other, weight: 1 },
          ],
          sectionOf,
        ),
    ).toThrow(/every part must index the same sections/);
  });
});
