import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25-index.js';
import { BlendedIndex } from './blended-index.js';
import type { TextAnalyzer } from '../analysis/text-analyzer.js';

const words: TextAnalyzer = { id: 'words', terms: (t) => t.split(' ').filter(Boolean) };
/** A "root" analyzer for the test: the first two letters of each word. */
const prefixes: TextAnalyzer = {
  id: 'prefix2',
  terms: (t) =>
    t
      .split(' ')
      .filter(Boolean)
      .map((w) => w.slice(0, 2)),
};
const texts = ['writer', 'written book', 'wrote', 'cave'];
const exact = Bm25Index.build(texts, words);
const broad = Bm25Index.build(texts, prefixes);

describe('when blending an exact and a broad index', () => {
  const blend = new BlendedIndex([
    { index: exact, weight: 1 },
    { index: broad, weight: 0.5 },
  ]);
  it('should add the weighted scores of every part', () => {
    const hits = blend.searchText('wrote', 10);
    const exactScore = exact.searchText('wrote', 10)[0]!.score;
    const broadScores = new Map(broad.searchText('wrote', 10).map((h) => [h.index, h.score]));
    expect(hits.map((h) => h.index)).toEqual([2, 0, 1]);
    expect(hits[0]!.score).toBeCloseTo(exactScore + 0.5 * broadScores.get(2)!, 5);
    expect(hits[1]!.score).toBeCloseTo(0.5 * broadScores.get(0)!, 5);
  });
  it('should keep the best coverage of any part', () => {
    const hits = blend.searchText('wrote cave', 10);
    // "written book" matches only "wr" in the broad index: half of the words there.
    expect(hits.find((h) => h.index === 1)!.coverage).toBeCloseTo(broad.searchText('wrote cave', 10).find((h) => h.index === 1)!.coverage, 6);
  });
  it('should equal the single index when it is the only part, and leave no state behind', () => {
    const single = new BlendedIndex([{ index: exact, weight: 1 }]);
    expect(single.searchText('written cave', 10)).toEqual(exact.searchText('written cave', 10));
    expect(single.searchText('written cave', 10)).toEqual(exact.searchText('written cave', 10));
  });
  it('should sum the sizes of its parts', () => {
    expect(blend.stats.postingCount).toBe(exact.stats.postingCount + broad.stats.postingCount);
    expect(blend.stats.docCount).toBe(4);
  });
  it('should refuse parts over different verses', () => {
    expect(
      () =>
        new BlendedIndex([
          { index: exact, weight: 1 },
          { index: Bm25Index.build(['x'], words), weight: 1 },
        ]),
    ).toThrow(/same verses/);
  });
});

describe('when a part is soft (re-rank only)', () => {
  // The soft part matches on the first two letters: "wrap" shares "wr" with every "wr…" verse.
  const blend = new BlendedIndex([
    { index: broad, weight: 0.5, soft: true },
    { index: exact, weight: 1 },
  ]);
  it('should never find a verse by itself', () => {
    expect(blend.searchText('wrap', 10)).toEqual([]);
    expect(
      broad
        .searchText('wrap', 10)
        .map((h) => h.index)
        .sort(),
    ).toEqual([0, 1, 2]);
  });
  it('should add its score to the verses a word part found, and report its coverage as softCoverage', () => {
    const hits = blend.searchText('wrote wrap', 10);
    expect(hits.map((h) => h.index)).toEqual([2]);
    const exactHit = exact.searchText('wrote wrap', 10)[0]!;
    const broadHit = broad.searchText('wrote wrap', 10).find((h) => h.index === 2)!;
    expect(hits[0]!.score).toBeCloseTo(exactHit.score + 0.5 * broadHit.score, 5);
    // "wrote" is one of two query words in the exact index; both share "wr" in the soft one.
    expect(hits[0]!.coverage).toBeCloseTo(exactHit.coverage, 6);
    expect(hits[0]!.softCoverage).toBeCloseTo(broadHit.coverage, 6);
    expect(hits[0]!.softCoverage!).toBeGreaterThan(hits[0]!.coverage);
  });
  it('should refuse a blend of soft parts only', () => {
    expect(() => new BlendedIndex([{ index: broad, weight: 1, soft: true }])).toThrow(/a part that is not soft/);
  });
});
