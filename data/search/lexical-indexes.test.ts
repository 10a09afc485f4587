import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromDir } from '../corpus/corpus-loader-node.js';
import type { Corpus } from '../corpus/corpus.js';
import { analyzerForTrack, LexicalIndexes } from './lexical-indexes.js';
import { DEFAULT_BM25_PARAMS } from './bm25-index.js';

const OPTIONS = { bm25: DEFAULT_BM25_PARAMS, arabicRootWeight: 1, arabicNgramWeight: 0.5 };
let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadCorpusFromDir({ tracks: ['en'] });
});

describe('when indexes are asked for', () => {
  it('should build a track on first use and reuse it afterwards', () => {
    const indexes = new LexicalIndexes(corpus, OPTIONS);
    expect(indexes.isBuilt('en')).toBe(false);
    const first = indexes.get('en');
    expect(indexes.isBuilt('en')).toBe(true);
    expect(indexes.get('en')).toBe(first);
    expect(first.stats.docCount).toBe(6236);
  });
  it('should always have the Arabic and fail clearly on a translation that is not loaded', () => {
    const indexes = new LexicalIndexes(corpus, OPTIONS);
    expect(indexes.isLoaded('arabic-search')).toBe(true);
    expect(indexes.isLoaded('ru')).toBe(false);
    expect(() => indexes.get('ru')).toThrow(/load it with corpus\.addTrack\("ru", file\)/);
  });
  it('should pick the analyzer of each track', () => {
    expect(['arabic-search', 'en', 'zh', 'ru'].map((t) => analyzerForTrack(t as 'en').id)).toEqual(['ar-light-n4', 'en-porter-nt', 'zh-bigram', 'ru-prefix5']);
  });
  it('should keep neighbour smoothing inside a surah (1:7 gets nothing from 2:1)', () => {
    const index = new LexicalIndexes(corpus, OPTIONS).get('en');
    // "Alif, Lam, Meem" is 2:1 (and other openings), never in surah 1.
    const plain = index.searchText('alif lam meem', 100).map((h) => h.index);
    const smoothed = index.searchText('alif lam meem', 100, { neighbourWeights: [0.3] }).map((h) => h.index);
    const firstOfBaqarah = corpus.indexOf({ surah: 2, ayah: 1 });
    expect(plain).toContain(firstOfBaqarah);
    expect(smoothed).toContain(firstOfBaqarah + 1);
    expect(smoothed).not.toContain(firstOfBaqarah - 1);
  });
});
