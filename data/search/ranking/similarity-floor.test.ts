import { describe, expect, it } from 'vitest';
import { passFloors } from './similarity-floor.js';

const hits = [
  { index: 1, score: 0.72 },
  { index: 2, score: 0.61 },
  { index: 3, score: 0.45 },
  { index: 4, score: 0.2 },
];

describe('when applying similarity floors', () => {
  it('should keep only hits at or above the primary floor', () => {
    expect(passFloors(hits, { primary: 0.6, fallback: 0.4 }).map((h) => h.index)).toEqual([1, 2]);
    expect(passFloors(hits, { primary: 0.61, fallback: 0.4 }).map((h) => h.index)).toEqual([1, 2]);
  });
  it('should fall back to the lower floor when nothing passes the primary', () => {
    expect(passFloors(hits, { primary: 0.8, fallback: 0.4 }).map((h) => h.index)).toEqual([1, 2, 3]);
  });
  it('should give nothing when nothing passes either floor', () => {
    expect(passFloors(hits, { primary: 0.9, fallback: 0.8 })).toEqual([]);
  });
  it('should refuse a fallback above the primary floor', () => {
    expect(() => passFloors(hits, { primary: 0.3, fallback: 0.5 })).toThrow(/fallback floor/);
  });
});
