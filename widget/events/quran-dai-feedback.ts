import type { FeedbackRating } from '../../data/contracts/feedback-request.js';

/** Fired when a visitor rates an answer 👍 or 👎 (and again if they add a comment). */
export interface QuranDaiFeedbackDetail {
  readonly question: string;
  readonly rating: FeedbackRating;
  readonly comment?: string;
  /** The answer's checked citations, `S:A`. */
  readonly citations: readonly string[];
}

declare global {
  interface GlobalEventHandlersEventMap {
    'quran-dai-feedback': CustomEvent<QuranDaiFeedbackDetail>;
  }
}
