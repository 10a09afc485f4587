/**
 * Context windows: ±N verses around a verse, clipped to its own surah. A window never
 * crosses a surah boundary; short surahs simply give what exists.
 */
import type { VerseRange, VerseRef } from './corpus-types.js';
import { mergeRanges } from './verse-range.js';

export const DEFAULT_CONTEXT_RADIUS = 5;

/**
 * @param ref the centre verse (must be valid)
 * @param verseCount number of verses in `ref.surah`
 * @param radius verses on each side, default 5
 */
export function contextWindow(ref: VerseRef, verseCount: number, radius = DEFAULT_CONTEXT_RADIUS): VerseRange {
  if (!Number.isInteger(radius) || radius < 0) {
    throw new RangeError(`context radius must be a whole number >= 0, got ${radius}`);
  }
  if (ref.ayah < 1 || ref.ayah > verseCount) {
    throw new RangeError(`verse ${ref.surah}:${ref.ayah} is outside its surah (1-${verseCount})`);
  }
  return {
    surah: ref.surah,
    from: Math.max(1, ref.ayah - radius),
    to: Math.min(verseCount, ref.ayah + radius),
  };
}

/** Windows for several hits, overlapping windows merged into one passage each. */
export function contextPassages(refs: readonly VerseRef[], verseCountOf: (surah: number) => number, radius = DEFAULT_CONTEXT_RADIUS): VerseRange[] {
  return mergeRanges(refs.map((r) => contextWindow(r, verseCountOf(r.surah), radius)));
}
