/**
 * The top hits expanded with their same-surah context: ±radius verses each, overlapping or
 * touching windows merged into one passage (`contextPassages`), never across a surah boundary.
 * Passages are ordered by their best hit, so the first passage holds the first hit.
 */
import type { VerseRef } from '../../corpus/corpus-types.js';
import { contextPassages } from '../../corpus/context-window.js';
import { rangeContains } from '../../corpus/verse-range.js';
import type { SearchPassage } from '../search-result.js';

/**
 * @param ranked hits best first; only the first `top` are expanded
 * @param verseCountOf verses in a surah (e.g. `corpus.verseCount.bind(corpus)`)
 */
export function expandTopHits(ranked: readonly VerseRef[], verseCountOf: (surah: number) => number, top: number, radius: number): SearchPassage[] {
  const centres = ranked.slice(0, Math.max(0, top));
  const ranges = contextPassages(centres, verseCountOf, radius);
  const firstHit = (range: (typeof ranges)[number]) => centres.findIndex((r) => rangeContains(range, r));
  return ranges
    .map((range) => ({ range, order: firstHit(range) }))
    .sort((a, b) => a.order - b.order)
    .map(({ range }) => ({ range, hits: centres.filter((r) => rangeContains(range, r)) }));
}
