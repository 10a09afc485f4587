import { describe, expect, it } from 'vitest';
import { contextPassages, contextWindow } from './context-window.js';
import { formatRange, mergeRanges, quranComUrl } from './verse-range.js';

const counts: Record<number, number> = { 1: 7, 2: 286, 3: 200, 9: 129, 108: 3 };
const countOf = (s: number) => counts[s]!;

describe('when taking a ±5 context window', () => {
  it('should clip at the start of a surah (1:1)', () => {
    expect(contextWindow({ surah: 1, ayah: 1 }, 7)).toEqual({ surah: 1, from: 1, to: 6 });
  });
  it('should clip at the end of a surah (2:286)', () => {
    expect(contextWindow({ surah: 2, ayah: 286 }, 286)).toEqual({ surah: 2, from: 281, to: 286 });
  });
  it('should give the whole of a 3-verse surah (108:2)', () => {
    expect(contextWindow({ surah: 108, ayah: 2 }, 3)).toEqual({ surah: 108, from: 1, to: 3 });
  });
  it('should start 9:1 at 9:1 (no basmala verse, never 8:x)', () => {
    expect(contextWindow({ surah: 9, ayah: 1 }, 129)).toEqual({ surah: 9, from: 1, to: 6 });
  });
  it('should take 11 verses in the middle of a surah', () => {
    expect(contextWindow({ surah: 2, ayah: 153 }, 286)).toEqual({ surah: 2, from: 148, to: 158 });
  });
  it('should honour another radius and refuse a bad one', () => {
    expect(contextWindow({ surah: 2, ayah: 153 }, 286, 2)).toEqual({ surah: 2, from: 151, to: 155 });
    expect(() => contextWindow({ surah: 2, ayah: 153 }, 286, -1)).toThrow(/radius/);
    expect(() => contextWindow({ surah: 2, ayah: 287 }, 286)).toThrow(/outside its surah/);
  });
});

describe('when windows overlap', () => {
  it('should merge overlapping windows of one surah into one passage', () => {
    expect(
      contextPassages(
        [
          { surah: 2, ayah: 153 },
          { surah: 2, ayah: 157 },
        ],
        countOf,
      ),
    ).toEqual([{ surah: 2, from: 148, to: 162 }]);
  });
  it('should merge touching windows but not separate ones', () => {
    expect(
      mergeRanges([
        { surah: 2, from: 1, to: 5 },
        { surah: 2, from: 6, to: 8 },
        { surah: 2, from: 10, to: 12 },
      ]),
    ).toEqual([
      { surah: 2, from: 1, to: 8 },
      { surah: 2, from: 10, to: 12 },
    ]);
  });
  it('should never merge across a surah boundary (1:7 and 2:1)', () => {
    expect(
      contextPassages(
        [
          { surah: 1, ayah: 7 },
          { surah: 2, ayah: 1 },
        ],
        countOf,
      ),
    ).toEqual([
      { surah: 1, from: 2, to: 7 },
      { surah: 2, from: 1, to: 6 },
    ]);
  });
});

describe('when formatting ranges', () => {
  it('should write passage ranges and quran.com links', () => {
    expect(formatRange({ surah: 2, from: 148, to: 158 })).toBe('2:148-158');
    expect(formatRange({ surah: 2, from: 153, to: 153 })).toBe('2:153');
    expect(quranComUrl({ surah: 2, ayah: 153 })).toBe('https://quran.com/2/153');
    expect(quranComUrl({ surah: 2, from: 148, to: 158 })).toBe('https://quran.com/2/148-158');
  });
});
