/**
 * Checks one verse citation from an answer against the corpus and against the verses the
 * widget retrieved (and sent to the model). DOM-free.
 */
import type { VerseRange } from '../../data/corpus/corpus-types.js';
import { formatRange } from '../../data/corpus/verse-range.js';

/**
 * - `verified`: every cited verse exists and was among the retrieved verses (hits or context)
 * - `not-retrieved`: the verses exist but the model cited something it was not given
 * - `invalid`: no such verse (surah > 114, ayah past the end, reversed range)
 */
export type CitationStatus = 'verified' | 'not-retrieved' | 'invalid';

/** What the check needs from the corpus (the `Corpus` class satisfies it). */
export interface CitationCorpus {
  isValidRef(ref: { surah: number; ayah: number }): boolean;
  indexOf(ref: { surah: number; ayah: number }): number;
}

export interface CitationContext {
  readonly corpus: CitationCorpus;
  /** Global indexes of the verses the widget retrieved and showed (hits and their context). */
  readonly retrieved: ReadonlySet<number>;
}

export function isValidRange(range: VerseRange, corpus: CitationCorpus): boolean {
  return (
    range.from <= range.to &&
    corpus.isValidRef({ surah: range.surah, ayah: range.from }) &&
    corpus.isValidRef({ surah: range.surah, ayah: range.to })
  );
}

export function checkCitation(range: VerseRange, ctx: CitationContext): CitationStatus {
  if (!isValidRange(range, ctx.corpus)) return 'invalid';
  for (let ayah = range.from; ayah <= range.to; ayah++) {
    if (!ctx.retrieved.has(ctx.corpus.indexOf({ surah: range.surah, ayah }))) return 'not-retrieved';
  }
  return 'verified';
}

/** `2:153` / `2:153-157` for a citation as parsed (even an invalid one). */
export function citationLabel(range: VerseRange): string {
  return formatRange(range);
}
