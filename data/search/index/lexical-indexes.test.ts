import { beforeAll, describe, expect, it } from 'vitest';
import { loadCorpusFromDir } from '../../corpus/corpus-loader-node.js';
import type { Corpus } from '../../corpus/corpus.js';
import { analyzerForTrack, LexicalIndexes } from './lexical-indexes.js';
import { DEFAULT_BM25_PARAMS } from './bm25-index.js';
import { ARABIC_STOP_WORDS } from '../analysis/arabic-analyzer.js';
import { normalizeArabic } from '../../arabic/arabic-normalize.js';
import { ENGLISH_STOP_WORDS } from '../analysis/english-stop-words.js';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_CORPUS_DIR } from '../../corpus/corpus-loader-node.js';
import { loadCorpusExplanation } from '../../corpus/corpus-loader.js';

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
    expect(['arabic-search', 'en', 'zh', 'ru'].map((t) => analyzerForTrack(t as 'en').id)).toEqual([
      'ar-light-n4',
      'en-porter-nt-split',
      'zh-bigram',
      'ru-prefix5',
    ]);
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

/** Runs `body` with `word` added to a stop-word list, as a change to the analyzer code would. */
function withStopWord<T>(list: ReadonlySet<string>, word: string, body: () => T): T {
  const mutable = list as Set<string>;
  expect(mutable.has(word)).toBe(false);
  mutable.add(word);
  try {
    return body();
  } finally {
    mutable.delete(word);
  }
}

describe('when the analyzers change without a new analyzer id', () => {
  it('should refuse an English snapshot made before a stop word was added', () => {
    const before = new LexicalIndexes(corpus, OPTIONS);
    const snapshot = before.snapshot('en');
    withStopWord(ENGLISH_STOP_WORDS, 'patience', () => {
      const after = new LexicalIndexes(corpus, OPTIONS);
      expect(analyzerForTrack('en').id).toBe('en-porter-nt-split');
      expect(after.snapshotKey('en')).not.toBe(before.snapshotKey('en'));
      expect(after.offerSnapshot(snapshot)).toMatchObject({ accepted: false });
    });
    expect(new LexicalIndexes(corpus, OPTIONS).offerSnapshot(snapshot)).toEqual({ accepted: true, track: 'en' });
  });
  it('should change the Arabic key when an Arabic stop word is added', () => {
    const before = new LexicalIndexes(corpus, OPTIONS).snapshotKey('arabic-search');
    const after = withStopWord(ARABIC_STOP_WORDS, normalizeArabic('الحمد'), () => new LexicalIndexes(corpus, OPTIONS).snapshotKey('arabic-search'));
    expect(after).not.toBe(before);
    expect(new LexicalIndexes(corpus, OPTIONS).snapshotKey('arabic-search')).toBe(before);
  });
});

describe('when the Arabic verse explanation loads after the first results', () => {
  const EXPLAINED = { ...OPTIONS, explanations: true };
  const readPart = async (path: string) => new Uint8Array(await readFile(join(DEFAULT_CORPUS_DIR, path)));
  // Talebearing (النميمة) is a word of the explanation, never of the verses.
  const WORD = 'النميمة';

  it('should find a verse by a word only its explanation uses, once the explanation is loaded', async () => {
    const later = await loadCorpusFromDir({ tracks: ['en'] });
    const indexes = new LexicalIndexes(later, EXPLAINED);
    expect(indexes.get('arabic-search').searchText(WORD, 10)).toEqual([]);
    const keyBefore = indexes.snapshotKey('arabic-search');
    await loadCorpusExplanation(readPart, later, 'ar');
    expect(indexes.isBuilt('arabic-search')).toBe(false);
    expect(indexes.snapshotKey('arabic-search')).not.toBe(keyBefore);
    const hits = indexes.get('arabic-search').searchText(WORD, 10);
    // 9:47: the hypocrites would have spread talebearing (بالنميمة) among the believers. (68:11,
    // "going about with slander", comes first: its commentaries name talebearing too.)
    const i = hits.findIndex((h) => later.refAt(h.index).surah === 9 && later.refAt(h.index).ayah === 47);
    expect(i).toBeGreaterThanOrEqual(0);
    expect(later.explanationAt('ar', hits[i]!.index)).toContain('بالنميمة');
    expect(later.refAt(hits[0]!.index)).toEqual({ surah: 68, ayah: 11 });
  });
  it('should find a verse by a word only its medieval commentaries use, which the explanation shown does not hold', async () => {
    const later = await loadCorpusFromDir({ tracks: ['en'] });
    const indexes = new LexicalIndexes(later, EXPLAINED);
    // "I backbit him" (اغتبته), from the reports the commentaries tell on 49:12; not in any verse or in Jalalayn.
    const word = 'اغتبته';
    expect(indexes.get('arabic-search').searchText(word, 10)).toEqual([]);
    await loadCorpusExplanation(readPart, later, 'ar');
    const hits = indexes.get('arabic-search').searchText(word, 10);
    expect(hits.map((h) => later.refAt(h.index))).toEqual([{ surah: 49, ayah: 12 }]);
    expect(later.explanationAt('ar', hits[0]!.index)).not.toContain(word);
  });
  it('should keep the verses alone when switched off, and refuse a snapshot made without the explanation', async () => {
    const full = await loadCorpusFromDir({ tracks: ['en'], explanations: ['ar'] });
    expect(new LexicalIndexes(full, OPTIONS).get('arabic-search').searchText(WORD, 10)).toEqual([]);
    const verseOnly = new LexicalIndexes(full, OPTIONS).snapshot('arabic-search');
    expect(new LexicalIndexes(full, EXPLAINED).offerSnapshot(verseOnly)).toMatchObject({ accepted: false });
    const explained = new LexicalIndexes(full, EXPLAINED);
    const restored = new LexicalIndexes(full, EXPLAINED);
    expect(restored.offerSnapshot(explained.snapshot('arabic-search'))).toEqual({ accepted: true, track: 'arabic-search' });
    expect(
      restored
        .get('arabic-search')
        .searchText(WORD, 5)
        .map((h) => h.index),
    ).toEqual(
      explained
        .get('arabic-search')
        .searchText(WORD, 5)
        .map((h) => h.index),
    );
    expect(restored.origin('arabic-search')).toBe('restored');
  });
});
