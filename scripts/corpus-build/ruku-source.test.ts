import { describe, expect, it } from 'vitest';
import { readRukuStarts, rukuStartsBySurah } from './ruku-source.js';

describe('rukuStartsBySurah', () => {
  it('should split global ruku starts into per-surah ayah numbers', () => {
    // Two surahs of 7 and 10 verses; rukus at global ids 1, 8, 12 (= 2:5), with quran-meta's 0 and end marker.
    expect(rukuStartsBySurah([0, 1, 8, 12, 18], [7, 10])).toEqual([[1], [1, 5]]);
  });

  it('should refuse a table where a surah does not begin a ruku', () => {
    expect(() => rukuStartsBySurah([1, 9], [7, 10])).toThrow(/surah 2 does not start a ruku \(its rukus start at ayahs 2\)/);
  });

  it('should refuse starts that go backwards or leave the text', () => {
    expect(() => rukuStartsBySurah([1, 8, 5], [7, 10])).toThrow(/not increasing at 8 → 5/);
    expect(() => rukuStartsBySurah([1, 8, 40], [7, 10])).toThrow(/ruku start 40 is not a verse id 1..17/);
  });
});

describe('the quran-meta ruku table', () => {
  it('should give 556 rukus over the 114 surahs, with Al-Fatiha one ruku and Al-Baqarah 40', async () => {
    const { loadTestCorpus } = await import('../../data/testing/test-corpus.js');
    const corpus = await loadTestCorpus();
    const starts = readRukuStarts(corpus.surahs.map((s) => s.verseCount));
    expect(starts.flat().length).toBe(556);
    expect(starts[0]).toEqual([1]);
    expect(starts[1]!.length).toBe(40);
    expect(starts[1]!.slice(0, 4)).toEqual([1, 8, 21, 30]);
  });
});
