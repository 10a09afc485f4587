import { describe, expect, it } from 'vitest';
import { Bm25Index, BM25_B, BM25_K1 } from './bm25-index.js';
import type { TextAnalyzer } from '../analysis/text-analyzer.js';
import { createEnglishAnalyzer } from '../analysis/english-analyzer.js';

/** Whitespace words, so the arithmetic below is about BM25 only. */
const words: TextAnalyzer = { id: 'words', terms: (t) => t.split(' ').filter(Boolean) };
const q = (...terms: string[]) => terms.map((term, group) => ({ term, weight: 1, group }));

// d0 "a b" (|d|=2), d1 "a a c" (3), d2 "b c d" (3): N = 3, avgdl = 8/3, k1 = 1.2, b = 0.75.
const index = Bm25Index.build(['a b', 'a a c', 'b c d'], words, { k1: BM25_K1, b: BM25_B }, { surahs: new Uint8Array([1, 1, 2]) });

// idf(a) = idf(c) = ln(1 + (3 - 2 + 0.5)/(2 + 0.5)) = ln 1.6            = 0.4700036
// idf(d)          = ln(1 + (3 - 1 + 0.5)/(1 + 0.5)) = ln(8/3)           = 0.9808293
// tf part, |d| = 2: norm = 1.2·(0.25 + 0.75·2/(8/3)) = 0.975
//   tf 1: 1·2.2/(1 + 0.975)                                          = 1.1139241
// tf part, |d| = 3: norm = 1.2·(0.25 + 0.75·3/(8/3)) = 1.3125
//   tf 1: 2.2/(1 + 1.3125) = 0.9513514;  tf 2: 4.4/(2 + 1.3125)       = 1.3283019
const IDF_A = Math.log(1.6);
const IDF_D = Math.log(8 / 3);

describe('when scoring a tiny corpus by hand', () => {
  it('should give the hand-computed scores for one term, best first', () => {
    const hits = index.search(q('a'), 10);
    expect(hits.map((h) => h.index)).toEqual([1, 0]);
    expect(hits[0]!.score).toBeCloseTo(IDF_A * 1.3283019, 5); // 0.6243067
    expect(hits[1]!.score).toBeCloseTo(IDF_A * 1.1139241, 5); // 0.5235483
    expect(hits[0]!.score).toBeCloseTo(0.6243067, 5);
  });

  it('should sum terms and report the matched share of the idf mass', () => {
    const hits = index.search(q('c', 'd'), 10);
    expect(hits.map((h) => h.index)).toEqual([2, 1]);
    // d2: (0.4700036 + 0.9808293)·0.9513514 = 1.3802518;  d1: 0.4700036·0.9513514 = 0.4471386
    expect(hits[0]!.score).toBeCloseTo(1.3802518, 5);
    expect(hits[1]!.score).toBeCloseTo(0.4471386, 5);
    expect(hits[0]!.coverage).toBeCloseTo(1, 5);
    expect(hits[1]!.coverage).toBeCloseTo(IDF_A / (IDF_A + IDF_D), 5); // 0.3239544
  });

  it('should count an unknown word against coverage at the highest possible idf', () => {
    const [hit] = index.search(q('d', 'zzz'), 10);
    // unknown idf = ln(1 + 3.5/0.5) = ln 8
    expect(hit!.coverage).toBeCloseTo(IDF_D / (IDF_D + Math.log(8)), 5);
  });

  it('should search a fallback reading only when its word is not in the index', () => {
    // "zzz" is unknown, so its fallback "d" stands in for it (and for its coverage).
    const [unknown] = index.search(
      [
        { term: 'zzz', weight: 1, group: 0 },
        { term: 'd', weight: 1, group: 0, fallback: true },
      ],
      10,
    );
    expect(unknown!.index).toBe(2);
    expect(unknown!.score).toBeCloseTo(IDF_D * 0.9513514, 5);
    expect(unknown!.coverage).toBeCloseTo(1, 5);
    // "a" is known, so its fallback "d" is ignored: the same hits as "a" alone.
    const known = index.search(
      [
        { term: 'a', weight: 1, group: 0 },
        { term: 'd', weight: 1, group: 0, fallback: true },
      ],
      10,
    );
    expect(known).toEqual(index.search(q('a'), 10));
  });

  it('should scale a term by its query weight', () => {
    const [hit] = index.search([{ term: 'd', weight: 0.5, group: 0 }], 10);
    expect(hit!.score).toBeCloseTo(0.5 * IDF_D * 0.9513514, 5);
  });

  it('should add a share of same-surah neighbours when smoothing, never across surahs', () => {
    const hits = index.search(q('a'), 10, { neighbourWeights: [0.5] });
    // d1 = 0.6243067 + 0.5·0.5235483 = 0.8860808; d0 = 0.5235483 + 0.5·0.6243067 = 0.8357017;
    // d2 is next to d1 but in group 2, so it gets nothing.
    expect(hits.map((h) => h.index)).toEqual([1, 0]);
    expect(hits[0]!.score).toBeCloseTo(0.8860808, 5);
    expect(hits[1]!.score).toBeCloseTo(0.8357017, 5);
  });

  it('should leave no state behind between searches', () => {
    const first = index.search(q('c', 'd'), 10);
    index.search(q('a'), 10, { neighbourWeights: [0.5] });
    expect(index.search(q('c', 'd'), 10)).toEqual(first);
  });

  it('should respect k, break ties by verse index, and return nothing for unknown words', () => {
    const tie = Bm25Index.build(['x', 'y', 'x', 'x'], words);
    expect(tie.search(q('x'), 2).map((h) => h.index)).toEqual([0, 2]);
    expect(index.search(q('zzz'), 10)).toEqual([]);
  });

  it('should report its size', () => {
    expect(index.stats).toMatchObject({ docCount: 3, termCount: 4, postingCount: 7 });
    expect(index.stats.avgDocLength).toBeCloseTo(8 / 3, 10);
    expect(index.documentFrequency('a')).toBe(2);
    expect(index.idf('d')).toBeCloseTo(IDF_D, 6);
  });
});

describe('when smoothing over several distances', () => {
  it('should give each distance its own weight inside the group', () => {
    const line = Bm25Index.build(['x', 'y', 'y', 'y'], words, undefined, { surahs: new Uint8Array([1, 1, 1, 1]) });
    const only = line.search(q('x'), 10)[0]!.score;
    const hits = line.search(q('x'), 10, { neighbourWeights: [0.5, 0.25] });
    // d0 keeps its score, d1 gets 0.5 of it, d2 gets 0.25, d3 (3 away) nothing.
    expect(hits.map((h) => h.index)).toEqual([0, 1, 2]);
    expect(hits[1]!.score).toBeCloseTo(0.5 * only, 6);
    expect(hits[2]!.score).toBeCloseTo(0.25 * only, 6);
  });
});

describe('when smoothing few or many matching verses', () => {
  // 24 verses in 3 surahs of 8; "r" is rare (2 verses: sparse path), "c" common (16: dense path).
  const texts = Array.from({ length: 24 }, (_, i) => [i % 3 === 0 ? 'c' : 'x', i === 5 || i === 8 ? 'r' : 'y', i % 3 === 1 ? 'c' : 'z'].join(' '));
  const surahs = Uint8Array.from({ length: 24 }, (_, i) => Math.floor(i / 8));
  const index = Bm25Index.build(texts, words, undefined, { surahs });
  const weights = [0.5, 0.25];
  it.each(['r', 'c'])('should give every verse its own score plus weighted same-group neighbours (%s)', (term) => {
    const raw = new Map(index.search(q(term), 24).map((h) => [h.index, h.score]));
    const expected = new Map<number, number>();
    for (let d = 0; d < 24; d++) {
      let s = raw.get(d) ?? 0;
      for (let j = 1; j <= 2; j++) {
        if (d - j >= 0 && surahs[d - j] === surahs[d]) s += weights[j - 1]! * (raw.get(d - j) ?? 0);
        if (d + j < 24 && surahs[d + j] === surahs[d]) s += weights[j - 1]! * (raw.get(d + j) ?? 0);
      }
      if (s > 0) expected.set(d, s);
    }
    const smoothed = index.search(q(term), 24, { neighbourWeights: weights });
    expect(smoothed).toHaveLength(expected.size);
    for (const h of smoothed) expect(h.score).toBeCloseTo(expected.get(h.index)!, 5);
  });
});

describe('when expanding a query with pseudo-relevance feedback', () => {
  // "a" is only in d0; d0's other word "b" also occurs in d1, so feedback reaches d1.
  const fb = Bm25Index.build(['a b', 'b c', 'c', 'x y'], words);
  const feedback = { docs: 1, terms: 1, weight: 0.5 };
  it('should add the best term of the top verses when no verse covers the whole query', () => {
    expect(fb.search(q('a', 'zzz'), 10).map((h) => h.index)).toEqual([0]);
    const hits = fb.search(q('a', 'zzz'), 10, { feedback });
    expect(hits.map((h) => h.index)).toEqual([0, 1]);
    // d1 only matches the expansion "b" (weight 0.5), and expansions never count as coverage.
    expect(hits[1]!.coverage).toBe(0);
    const plainB = fb.search(q('b'), 10).find((h) => h.index === 1)!.score;
    expect(hits[1]!.score).toBeCloseTo(0.5 * plainB, 6);
  });
  it('should not expand a query that some verse matches in full', () => {
    expect(fb.search(q('a'), 10, { feedback }).map((h) => h.index)).toEqual([0]);
  });
});

describe('when visiting every scored verse', () => {
  it('should give the same scores as search, for plain, smoothed and expanded queries', () => {
    const fb = Bm25Index.build(['a b', 'b c', 'c', 'x y'], words, undefined, { surahs: new Uint8Array([1, 1, 1, 2]) });
    for (const options of [{}, { neighbourWeights: [0.5] }, { feedback: { docs: 1, terms: 1, weight: 0.5 } }]) {
      const seen: { index: number; score: number; coverage: number }[] = [];
      fb.visitScores(q('a', 'zzz'), options, (index, score, coverage) => seen.push({ index, score, coverage }));
      seen.sort((x, y) => y.score - x.score || x.index - y.index);
      expect(seen).toEqual(fb.search(q('a', 'zzz'), 10, options));
    }
  });
});

describe('when merging verses into sections', () => {
  const texts = ['a b', 'a a c', 'b c d', 'd e', 'a'];
  const sections = new Uint16Array([0, 0, 1, 1, 2]);
  const merged = Bm25Index.mergeDocuments(Bm25Index.build(texts, words), sections);
  const concatenated = Bm25Index.build(['a b a a c', 'b c d d e', 'a'], words);

  it('should hold the same postings as an index of the concatenated section texts', () => {
    const a = merged.data();
    const b = concatenated.data();
    expect(a.terms).toEqual(b.terms);
    expect([...a.offsets]).toEqual([...b.offsets]);
    expect([...a.docs]).toEqual([...b.docs]);
    expect([...a.tf]).toEqual([...b.tf]);
    expect([...a.docLength]).toEqual([5, 5, 1]);
    expect(a.avgDocLength).toBeCloseTo(11 / 3, 6);
    expect([...a.idf].map((x) => x.toFixed(6))).toEqual([...b.idf].map((x) => x.toFixed(6)));
  });

  it('should score sections like that index, by hand for one term', () => {
    const hits = merged.search(q('a'), 10);
    expect(hits.map((h) => h.index)).toEqual(concatenated.search(q('a'), 10).map((h) => h.index));
    // df(a) = 2 of 3 sections: idf = ln 1.6; section 0 has tf 3, |s| = 5, avgdl = 11/3:
    // norm = 1.2·(0.25 + 0.75·5/(11/3)) = 1.5272727; 3·2.2/(3 + 1.5272727) = 1.4578313
    expect(hits[0]!.index).toBe(0);
    expect(hits[0]!.score).toBeCloseTo(Math.log(1.6) * 1.4578313, 5);
  });

  it('should refuse sections that are not numbered in verse order', () => {
    const index = Bm25Index.build(texts, words);
    expect(() => Bm25Index.mergeDocuments(index, new Uint16Array([0, 1, 0, 1, 2]))).toThrow(/verse 2 is in section 0/);
    expect(() => Bm25Index.mergeDocuments(index, new Uint16Array([0, 0, 2, 2, 3]))).toThrow(/verse 2 is in section 2/);
    expect(() => Bm25Index.mergeDocuments(index, new Uint16Array([0, 0]))).toThrow(/2 entries for 5 verses/);
  });
});

describe('when asked how much of a query its texts know', () => {
  it('should give the share of the query words any indexed text uses', () => {
    const index = Bm25Index.build(['patience and prayer', 'the night prayer'], createEnglishAnalyzer());
    expect(index.knownWordShare('patience prayer')).toBe(1);
    // Roman Urdu read as English: two of its three content words are in no text.
    expect(index.knownWordShare('kya gunah prayer')).toBeCloseTo(1 / 3);
    // A word the glossary reads as English (namaz: prayer) is known.
    expect(index.knownWordShare('namaz')).toBe(1);
    expect(index.knownWordShare('???')).toBe(1);
  });
});
