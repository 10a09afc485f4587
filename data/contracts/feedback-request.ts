/**
 * The `/api/feedback` request body, shared by the widget (sender) and the proxy (validator):
 * a visitor's thumbs up or down on one answer. Only what the visitor typed or saw: no
 * identifiers, no page URL.
 */
export type FeedbackRating = 'up' | 'down';

export interface FeedbackRequest {
  /** The question the rated answer answered (<= 1,000 characters). */
  readonly question: string;
  readonly rating: FeedbackRating;
  /** The visitor's optional short comment (<= 500 characters). */
  readonly comment?: string;
  /** The answer's checked citations, `S:A`, in the order it cited them (<= 25). */
  readonly citations: readonly string[];
  /** BCP-47 language of the widget, so a site owner can read feedback per language. */
  readonly lang?: string;
  /**
   * The rated answer as the proxy signed it (its first 1,500 characters) and that signature: the
   * proxy takes feedback only on answers it gave, so a script cannot flood the site owner's
   * webhook with ratings of answers that never were.
   */
  readonly answer: { readonly text: string; readonly signature: string };
}

/** Limits enforced by the proxy and respected by the widget. */
export const FEEDBACK_LIMITS = {
  // The question (1,000 characters) and the signed answer (1,500) in any script, at up to 3 bytes a character.
  maxBodyBytes: 16 * 1024,
  maxQuestionChars: 1000,
  maxCommentChars: 500,
  maxCitations: 25,
} as const;
