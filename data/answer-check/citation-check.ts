/**
 * Checks one verse citation from an answer against the corpus and against the verses the
 * widget retrieved (and sent to the model). DOM-free.
 */
import type { VerseRange } from '../corpus/corpus-types.js';
import { formatRange } from '../corpus/verse-range.js';

/**
 * - `verified`: every cited verse exists and was among the retrieved verses (hits or context)
 * - `suggested`: as verified, but a cited verse is there only because the LLM's retrieval
 *   suggestion named it (the search did not find it): shown, linked and marked so
 * - `not-retrieved`: the verses exist but the model cited something it was not given
 * - `invalid`: no such verse (surah > 114, ayah past the end, reversed range)
 */
export type CitationStatus = 'verified' | 'suggested' | 'not-retrieved' | 'invalid';

/** What the check needs from the corpus (the `Corpus` class satisfies it). */
export interface CitationCorpus {
  isValidRef(ref: { surah: number; ayah: number }): boolean;
  indexOf(ref: { surah: number; ayah: number }): number;
}

export interface CitationContext {
  readonly corpus: CitationCorpus;
  /** Global indexes of the verses the widget retrieved and showed (hits and their context). */
  readonly retrieved: ReadonlySet<number>;
  /** Those of them that only the LLM's retrieval suggestion brought (no search list found them). */
  readonly suggested?: ReadonlySet<number>;
}

/** The verses an answer may cite, with those only the retrieval suggestion brought. */
export type RetrievedVerses = ReadonlySet<number> & { readonly suggested?: ReadonlySet<number> };

export function isValidRange(range: VerseRange, corpus: CitationCorpus): boolean {
  return range.from <= range.to && corpus.isValidRef({ surah: range.surah, ayah: range.from }) && corpus.isValidRef({ surah: range.surah, ayah: range.to });
}

export function checkCitation(range: VerseRange, ctx: CitationContext): CitationStatus {
  if (!isValidRange(range, ctx.corpus)) return 'invalid';
  let suggested = false;
  for (let ayah = range.from; ayah <= range.to; ayah++) {
    const index = ctx.corpus.indexOf({ surah: range.surah, ayah });
    if (!ctx.retrieved.has(index)) return 'not-retrieved';
    if (ctx.suggested?.has(index)) suggested = true;
  }
  return suggested ? 'suggested' : 'verified';
}

/** `2:153` / `2:153-157` for a citation as parsed (even an invalid one). */
export function citationLabel(range: VerseRange): string {
  return formatRange(range);
}

/** The mosque's passages the widget has and retrieved for this question (`[site:N]` citations). */
export interface SiteCitationContext {
  /** Passages in the site artefact (ids run 0..chunkCount-1). */
  readonly chunkCount: number;
  /** Ids of the passages retrieved, shown and sent to the model. */
  readonly retrieved: { has(id: number): boolean };
}

/**
 * A `[site:N]` citation, checked like a verse citation: `invalid` when the site has no such
 * passage (or the widget has no site documents), `not-retrieved` when it was not among the
 * passages given to the model.
 */
export function checkSiteCitation(id: number, site: SiteCitationContext | undefined): CitationStatus {
  if (!site || !(id >= 0 && id < site.chunkCount)) return 'invalid';
  return site.retrieved.has(id) ? 'verified' : 'not-retrieved';
}
