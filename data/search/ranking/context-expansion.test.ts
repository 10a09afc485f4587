import { describe, expect, it } from 'vitest';
import { expandTopHits } from './context-expansion.js';

const counts: Record<number, number> = { 1: 7, 2: 286, 108: 3, 112: 4 };
const countOf = (s: number) => counts[s]!;

describe('when expanding the top hits', () => {
  it('should expand only the first `top` hits by ±radius', () => {
    const passages = expandTopHits(
      [
        { surah: 2, ayah: 153 },
        { surah: 1, ayah: 5 },
        { surah: 2, ayah: 255 },
        { surah: 108, ayah: 1 },
      ],
      countOf,
      3,
      5,
    );
    expect(passages.map((p) => p.range)).toEqual([
      { surah: 2, from: 148, to: 158 },
      { surah: 1, from: 1, to: 7 },
      { surah: 2, from: 250, to: 260 },
    ]);
  });
  it('should merge overlapping windows and list the hits each passage holds, in rank order', () => {
    const passages = expandTopHits(
      [
        { surah: 2, ayah: 157 },
        { surah: 112, ayah: 1 },
        { surah: 2, ayah: 153 },
      ],
      countOf,
      3,
      5,
    );
    expect(passages).toEqual([
      {
        range: { surah: 2, from: 148, to: 162 },
        hits: [
          { surah: 2, ayah: 157 },
          { surah: 2, ayah: 153 },
        ],
      },
      { range: { surah: 112, from: 1, to: 4 }, hits: [{ surah: 112, ayah: 1 }] },
    ]);
  });
  it('should never cross a surah boundary', () => {
    const passages = expandTopHits(
      [
        { surah: 1, ayah: 7 },
        { surah: 2, ayah: 1 },
      ],
      countOf,
      3,
      5,
    );
    expect(passages.map((p) => p.range)).toEqual([
      { surah: 1, from: 2, to: 7 },
      { surah: 2, from: 1, to: 6 },
    ]);
  });
  it('should give nothing for no hits', () => {
    expect(expandTopHits([], countOf, 3, 5)).toEqual([]);
  });
});
