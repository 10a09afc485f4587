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

/**
 * A visitor's words as one plain line: control characters (newlines included), line and paragraph
 * separators and direction overrides become a space or go, so a comment cannot start lines of its
 * own in a log or a chat channel, nor make a line read backwards.
 */
export function plainVisitorText(text: string): string {
  return text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/ {2,}/g, ' ')
    .trim();
}

/**
 * The visitor's words for a chat webhook's `text`: `&`, `<` and `>` escaped as Slack and
 * Mattermost ask, so a comment cannot mention `<!channel>` or hide a link as `<https://evil|…>`;
 * a word joiner after `@` so `@channel`, `@here`, `@all` or `@someone` mention nobody (Mattermost,
 * Rocket.Chat), markdown brackets escaped so `[text](https://evil.example)` is no link, and a word
 * joiner in `://` so no address becomes one.
 */
export function chatSafeText(text: string): string {
  return plainVisitorText(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/@(?=\p{L})/gu, '@\u2060')
    .replace(/[[\]]/g, '\\$&')
    .replace(/:\/\//g, ':\u2060//');
}

export function feedbackRecord(req: FeedbackRequest, receivedAt: Date, withUserText: boolean): FeedbackRecord {
  const thumb = req.rating === 'up' ? '👍' : '👎';
  const cites = req.citations.length ? ` citing ${req.citations.join(', ')}` : '';
  const said = withUserText
    ? ` on "${chatSafeText(req.question)}"${req.comment ? `: "${chatSafeText(req.comment)}"` : ''}`
    : req.comment
      ? ' (with a comment)'
      : '';
  return {
    type: 'quran-dai-feedback',
    receivedAt: receivedAt.toISOString(),
    rating: req.rating,
    citations: req.citations,
    hasComment: req.comment !== undefined,
    ...(req.lang ? { lang: req.lang } : {}),
    ...(withUserText ? { question: plainVisitorText(req.question), ...(req.comment ? { comment: plainVisitorText(req.comment) } : {}) } : {}),
    text: `quran-dai feedback ${thumb}${said}${cites}`,
  };
}
