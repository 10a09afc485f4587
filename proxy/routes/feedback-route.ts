/**
 * @module
 * `POST /api/feedback` `FeedbackRequest` → 202 `{ ok: true }`: a visitor's 👍/👎 on an answer.
 * Counted in `/metrics`, written to the request log line (FEEDBACK_LOG=true) and forwarded to
 * FEEDBACK_WEBHOOK_URL in the background. The visitor's words are kept only with
 * LOG_USER_TEXT=true. 503 JSON when neither FEEDBACK_LOG nor a webhook is set, so the widget
 * (told by `/api/config`) does not post at all.
 */
import type { Context } from 'hono';
import type { CorpusHandle } from '../corpus/corpus-handle.js';
import { feedbackRecord } from '../feedback/feedback-record.js';
import { validateFeedbackRequest } from '../feedback/feedback-request-schema.js';
import type { FeedbackWebhook } from '../feedback/feedback-webhook.js';
import type { ProxyEnvBindings } from '../http/app-env.js';
import { jsonError } from '../http/json-error.js';
import type { ProxyMetrics } from '../metrics/proxy-metrics.js';
import type { AnswerSigner } from '../chat/answer-signer.js';
import type { AnswerRatings } from '../feedback/answer-ratings.js';
import { parseAnswerMarkdown, type InlineNode } from '../../data/answer-check/markdown-subset.js';
import { formatRange } from '../../data/corpus/verse-range.js';
import { FEEDBACK_LIMITS } from '../../data/contracts/feedback-request.js';

export const FEEDBACK_NOT_CONFIGURED_CODE = 'feedback-not-configured';

export interface FeedbackRouteOptions {
  /** Reads the JSON body under the size cap (413/400/415 as JSON errors). */
  readonly readBody: (c: Context) => Promise<unknown>;
  readonly corpus: CorpusHandle;
  /** FEEDBACK_LOG: each feedback is a field set on the request log line. */
  readonly log: boolean;
  /** FEEDBACK_WEBHOOK_URL's forwarder, or null. */
  readonly webhook: FeedbackWebhook | null;
  readonly logUserText: boolean;
  readonly metrics: ProxyMetrics;
  /** Wall clock, ms. */
  readonly now: () => number;
  /** Checks that the rated answer is one this proxy gave (its signature). */
  readonly signer: AnswerSigner;
  /** How often one answer may be rated (answer-ratings.ts). */
  readonly answerRatings: AnswerRatings;
}

export const UNKNOWN_ANSWER_CODE = 'unknown-answer';
export const ANSWER_RATED_CODE = 'answer-rated';

/** The verse citations of an answer (`2:153`, `2:153-157`), in order, each once. */
function answerCitations(text: string, corpus: { surahNumberForName(name: string): number | undefined }): string[] {
  const refs = new Set<string>();
  const walk = (nodes: readonly InlineNode[]) => {
    for (const n of nodes) {
      if (n.type === 'citation') refs.add(formatRange(n));
      else if ('children' in n) walk(n.children);
    }
  };
  for (const block of parseAnswerMarkdown(text, { surahNamed: (name) => corpus.surahNumberForName(name) })) {
    if (block.type === 'list') block.items.forEach(walk);
    else if ('children' in block) walk(block.children);
  }
  return [...refs];
}

/** True when feedback goes somewhere: the widget shows the 👍/👎 post only then. */
export function feedbackEnabled(opts: Pick<FeedbackRouteOptions, 'log' | 'webhook'>): boolean {
  return opts.log || opts.webhook !== null;
}

export function createFeedbackHandler(opts: FeedbackRouteOptions) {
  return async function feedbackHandler(c: Context<ProxyEnvBindings>): Promise<Response> {
    if (!feedbackEnabled(opts)) {
      throw jsonError(
        503,
        FEEDBACK_NOT_CONFIGURED_CODE,
        'Feedback is not collected on this proxy (set FEEDBACK_LOG=true or FEEDBACK_WEBHOOK_URL); the widget still fires its quran-dai-feedback event.',
      );
    }
    const v = validateFeedbackRequest(await opts.readBody(c), await opts.corpus.whole());
    if (!v.ok) throw jsonError(400, v.issue.code, v.issue.message, { field: v.issue.field });
    if (!(await opts.signer.verify(v.value.question, v.value.answer.text, v.value.answer.signature))) {
      throw jsonError(
        400,
        UNKNOWN_ANSWER_CODE,
        'answer: this proxy did not give that answer to that question (its signature does not match); rate an answer as the widget received it',
        { field: 'answer' },
      );
    }
    if (!opts.answerRatings.admit(v.value.answer.signature)) {
      throw jsonError(
        429,
        ANSWER_RATED_CODE,
        'answer: this answer has been rated as often as one answer may be this hour; thank you, your rating is already counted',
      );
    }
    // The verses the rating is about are those the signed answer cites, not what the page says it cites.
    const corpus = await opts.corpus.whole();
    const citations = answerCitations(v.value.answer.text, corpus).slice(0, FEEDBACK_LIMITS.maxCitations);
    const record = feedbackRecord({ ...v.value, citations }, new Date(opts.now()), opts.logUserText);
    opts.metrics.feedback.inc({ rating: record.rating });
    if (opts.log) {
      const fields = c.get('logFields');
      fields.feedback = record.rating;
      fields.citations = record.citations.join(' ');
      fields.hasComment = record.hasComment;
      if (record.lang) fields.lang = record.lang;
      if (record.question !== undefined) fields.question = record.question;
      if (record.comment !== undefined) fields.comment = record.comment;
    }
    opts.webhook?.send(record);
    return c.json({ ok: true }, 202, { 'cache-control': 'no-store' });
  };
}
