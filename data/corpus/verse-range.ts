/**
 * Formatting and merging of verse ranges: `2:153`, `2:148-158`, quran.com links.
 */
import type { VerseRange, VerseRef } from './corpus-types.js';

export function rangeOf(ref: VerseRef): VerseRange {
  return { surah: ref.surah, from: ref.ayah, to: ref.ayah };
}

/** `2:153` for one verse, `2:148-158` for a passage. */
export function formatRange(range: VerseRange): string {
  return range.from === range.to ? `${range.surah}:${range.from}` : `${range.surah}:${range.from}-${range.to}`;
}

export function formatRef(ref: VerseRef): string {
  return `${ref.surah}:${ref.ayah}`;
}

/** Link to the verse (or passage) on quran.com, e.g. `https://quran.com/2/153`. */
export function quranComUrl(target: VerseRef | VerseRange): string {
  if ('ayah' in target) return `https://quran.com/${target.surah}/${target.ayah}`;
  return target.from === target.to ? `https://quran.com/${target.surah}/${target.from}` : `https://quran.com/${target.surah}/${target.from}-${target.to}`;
}

/**
 * The verse's tafsir on quran.com (Ibn Kathir, abridged, in English): where "explain this
 * verse" sends a visitor for scholarship, since the Da'i's explanation is not a tafsir.
 */
export function quranComTafsirUrl(ref: VerseRef): string {
  return `https://quran.com/${ref.surah}:${ref.ayah}/tafsirs/en-tafisr-ibn-kathir`;
}

export function rangeContains(range: VerseRange, ref: VerseRef): boolean {
  return ref.surah === range.surah && ref.ayah >= range.from && ref.ayah <= range.to;
}

/** Every verse of a range, in order. */
export function refsInRange(range: VerseRange): VerseRef[] {
  const refs: VerseRef[] = [];
  for (let a = range.from; a <= range.to; a++) refs.push({ surah: range.surah, ayah: a });
  return refs;
}

/**
 * Merge overlapping or touching ranges of the same surah into single passages.
 * Ranges of different surahs are never merged. Output is sorted by surah, then start.
 */
export function mergeRanges(ranges: readonly VerseRange[]): VerseRange[] {
  const sorted = [...ranges].sort((a, b) => a.surah - b.surah || a.from - b.from);
  const merged: VerseRange[] = [];
  for (const r of sorted) {
    const last = merged[merged.length - 1];
    if (last && last.surah === r.surah && r.from <= last.to + 1) {
      merged[merged.length - 1] = { surah: last.surah, from: last.from, to: Math.max(last.to, r.to) };
    } else {
      merged.push({ surah: r.surah, from: r.from, to: r.to });
    }
  }
  return merged;
}
