/**
 * @module
 * What the proxy keeps of one piece of feedback, for its log line and the site owner's
 * webhook. The visitor's words (question, comment) are in it only when the operator opted in
 * with LOG_USER_TEXT=true; otherwise it says only whether there was a comment.
 */
import type { FeedbackRating, FeedbackRequest } from '../../data/contracts/feedback-request.js';

export interface FeedbackRecord {
  readonly type: 'quran-dai-feedback';
  /** ISO 8601 time the proxy received it. */
  readonly receivedAt: string;
  readonly rating: FeedbackRating;
  readonly citations: readonly string[];
  readonly hasComment: boolean;
  readonly lang?: string;
  /** Only with LOG_USER_TEXT=true. */
  readonly question?: string;
  /** Only with LOG_USER_TEXT=true. */
  readonly comment?: string;
  /** One line for chat webhooks (Slack, Mattermost) that show a `text` field. */
  readonly text: string;
}

export function feedbackRecord(req: FeedbackRequest, receivedAt: Date, withUserText: boolean): FeedbackRecord {
  const thumb = req.rating === 'up' ? '👍' : '👎';
  const cites = req.citations.length ? ` citing ${req.citations.join(', ')}` : '';
  const said = withUserText ? ` on "${req.question}"${req.comment ? `: "${req.comment}"` : ''}` : req.comment ? ' (with a comment)' : '';
  return {
    type: 'quran-dai-feedback',
    receivedAt: receivedAt.toISOString(),
    rating: req.rating,
    citations: req.citations,
    hasComment: req.comment !== undefined,
    ...(req.lang ? { lang: req.lang } : {}),
    ...(withUserText ? { question: req.question, ...(req.comment ? { comment: req.comment } : {}) } : {}),
    text: `quran-dai feedback ${thumb}${said}${cites}`,
  };
}
