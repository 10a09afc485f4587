/**
 * What the buttons under an answer do: share it, and rate it. Loaded with the answer
 * renderer (the buttons exist only once an answer is there), so none of it is in the first
 * load. Both fire their event on `host`; a failure is logged, never shown to the visitor.
 */
import type { FeedbackRating } from '../../data/contracts/feedback-request.js';
import { FEEDBACK_LIMITS } from '../../data/contracts/feedback-request.js';
import { signedAnswerText } from '../../data/contracts/answer-signature.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { tryParseReference } from '../../data/corpus/reference-parser.js';
import { postFeedback } from '../api/post-feedback.js';
import { emit } from '../events/emit.js';
import { answerSharePayload } from '../share/answer-share-text.js';
import { shareOrCopy, type ShareOutcome, type ShareTarget } from '../share/share-or-copy.js';
import type { CitationStatus } from '../../data/answer-check/citation-check.js';

export interface AnswerOnScreen {
  /** Where the events fire (the element). */
  readonly host: EventTarget;
  readonly corpus: Corpus;
  readonly question: string;
  readonly answer: string;
  /** The proxy's signature of the answer; without one (an answer that failed) a rating is not posted. */
  readonly signature?: string | undefined;
  readonly citations: readonly { readonly ref: string; readonly status: CitationStatus }[];
}

/** The answer as plain text for sharing: markdown emphasis, code, heading and quote marks removed (linear). */
export function answerPlainText(text: string): string {
  return text
    .replace(/\*\*|__|`/g, '')
    .replace(/^[ \t]*(?:#{1,6}|>)[ \t]*/gm, '')
    .trim();
}

/** Shares the question, the answer, its real verses' quran.com links and `pageUrl` asking it again; `quran-dai-share` unless cancelled. */
export async function shareAnswer(a: AnswerOnScreen, target: ShareTarget, pageUrl: string): Promise<ShareOutcome | undefined> {
  const citations = a.citations.flatMap((c) => {
    const range = c.status === 'invalid' ? undefined : tryParseReference(c.ref, a.corpus);
    return range ? [{ surah: range.surah, ayah: range.from }] : [];
  });
  let method: ShareOutcome;
  try {
    method = await shareOrCopy(answerSharePayload({ question: a.question, answerText: answerPlainText(a.answer), citations, pageUrl }), target);
  } catch (e) {
    console.warn(`quran-dai: share failed (${(e as Error).message})`);
    return undefined;
  }
  if (method !== 'cancelled') emit(a.host, 'quran-dai-share', { kind: 'answer', subject: a.question, method });
  return method;
}

export interface FeedbackSink {
  readonly proxy: string;
  readonly fetch: typeof fetch;
  /** `/api/config` said the proxy collects feedback. */
  readonly collect: boolean;
  readonly lang: string;
}

/**
 * A 👍/👎 (and later its comment): always the `quran-dai-feedback` event; posted to the proxy
 * only when it collects feedback. A failed post is logged, never shown: the visitor's rating
 * was already taken.
 */
export async function rateAnswer(a: AnswerOnScreen, sink: FeedbackSink, rating: FeedbackRating, comment?: string): Promise<void> {
  const citations = [...new Set(a.citations.map((c) => c.ref))].slice(0, FEEDBACK_LIMITS.maxCitations);
  const detail = { question: a.question, rating, ...(comment ? { comment: comment.slice(0, FEEDBACK_LIMITS.maxCommentChars) } : {}), citations };
  emit(a.host, 'quran-dai-feedback', detail);
  // The proxy takes ratings only of answers it gave, shown by their signature.
  if (!sink.collect || !a.signature) return;
  try {
    await postFeedback(sink.proxy, { ...detail, lang: sink.lang, answer: { text: signedAnswerText(a.answer), signature: a.signature } }, sink.fetch);
  } catch (e) {
    console.warn(`quran-dai: feedback not sent (${(e as Error).message})`);
  }
}
