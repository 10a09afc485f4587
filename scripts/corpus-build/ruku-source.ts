/**
 * Ruku boundaries (the traditional thematic sections of the mushaf, 556 in the Hafs reading)
 * from the `quran-meta` npm package (MIT), build time only. The search engine scores a verse's
 * ruku as a whole (ADR 0008), so the corpus records where each ruku starts.
 */
import { RukuList } from 'quran-meta/hafs';

/**
 * Per surah, the ayah numbers where its rukus start (the first is always 1).
 * `globalStarts` holds 1-based global ayah ids of each ruku's first verse in mushaf order; a
 * leading 0 and a trailing end marker (total + 1), as quran-meta writes them, are accepted.
 * Throws when a ruku would cross a surah boundary or a surah has none.
 */
export function rukuStartsBySurah(globalStarts: readonly number[], verseCounts: readonly number[]): number[][] {
  const total = verseCounts.reduce((a, b) => a + b, 0);
  const starts = globalStarts.filter((id) => id !== 0 && id !== total + 1);
  for (let i = 0; i < starts.length; i++) {
    const id = starts[i]!;
    if (!Number.isInteger(id) || id < 1 || id > total) throw new Error(`ruku start ${id} is not a verse id 1..${total}`);
    if (i > 0 && id <= starts[i - 1]!) throw new Error(`ruku starts are not increasing at ${starts[i - 1]} → ${id}`);
  }
  const out: number[][] = [];
  let first = 1;
  let i = 0;
  for (const [s, count] of verseCounts.entries()) {
    const mine: number[] = [];
    while (i < starts.length && starts[i]! < first + count) mine.push(starts[i++]! - first + 1);
    if (mine[0] !== 1)
      throw new Error(`surah ${s + 1} does not start a ruku (its rukus start at ayahs ${mine.join(', ') || 'none'}); the ruku table does not match this text`);
    out.push(mine);
    first += count;
  }
  return out;
}

/** Ruku starts per surah for the Hafs text with these surah lengths. */
export function readRukuStarts(verseCounts: readonly number[]): number[][] {
  return rukuStartsBySurah(RukuList, verseCounts);
}
