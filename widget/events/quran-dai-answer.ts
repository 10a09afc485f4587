import type { CitationStatus } from '../../data/answer-check/citation-check.js';

/** One citation found in the answer and how it checked out against the corpus. */
export interface QuranDaiAnswerCitation {
  /** As written by the model, normalised: `2:153` or `2:153-157`. */
  readonly ref: string;
  readonly status: CitationStatus;
}

/** Fired when a streamed answer has finished. */
export interface QuranDaiAnswerDetail {
  readonly question: string;
  readonly text: string;
  readonly citations: readonly QuranDaiAnswerCitation[];
}

declare global {
  interface GlobalEventHandlersEventMap {
    'quran-dai-answer': CustomEvent<QuranDaiAnswerDetail>;
  }
}
