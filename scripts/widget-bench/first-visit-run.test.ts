import { describe, expect, it } from 'vitest';
import { firstVisitPart, renderFirstVisit, type FirstVisitResults } from './first-visit-run.js';

const ms = (max: number) => ({ n: 3, p50: max - 100, p95: max, mean: max - 50, max });

describe('when a first visit is measured', () => {
  it('should count each data file to its part', () => {
    expect(
      [
        '/data/corpus/arabic.1.json',
        '/data/index/multilingual-e5-small-384/vectors.2.bin',
        '/data/index/multilingual-e5-small-384/signs.0ce13bb436.bin',
        '/data/index/multilingual-e5-small-384/magnitudes.06e40daed7.bin',
        '/data/index/multilingual-e5-small-384/topic-vectors.3.bin',
        '/data/index/multilingual-e5-small-384/topics.json',
        '/data/topics/topics-en.4.json',
      ].map(firstVisitPart),
    ).toEqual(['corpus', 'index', 'index', 'refine', 'topicVectors', 'topicVectors', 'topics']);
  });
  it("should print the issue's three lines, the worst run against each budget", () => {
    const r: FirstVisitResults = {
      runs: 3,
      throttle: 'fast3g',
      lang: 'en',
      bytes: { corpus: 613 * 1024, index: 2290 * 1024, topicVectors: 164 * 1024, topics: 200 * 1024, total: 3267 * 1024 },
      firstResultsMs: ms(3900),
      vectorsReadyMs: ms(17000),
      topicsReadyMs: ms(18000),
      hybridReadyMs: ms(18000),
      vectorsRefinedMs: ms(21000),
      refineBytes: 740 * 1024,
    };
    const text = renderFirstVisit(r);
    expect(text).toContain('first visit, everything for hybrid search with topics: 3,267 KiB on the wire (budget 1,200 KiB: **misses target**)');
    expect(text).toContain('first results on fast3g: 3900 ms (worst of 3; budget 4000 ms: meets target)');
    expect(text).toContain('hybrid search ready on fast3g: 18000 ms (worst of 3; vectors 17000 ms, topics 18000 ms; budget 8000 ms: **misses target**)');
    expect(text).toContain('then the exact vectors (740 KiB more) on fast3g: 21000 ms (worst of 3)');
  });
});
