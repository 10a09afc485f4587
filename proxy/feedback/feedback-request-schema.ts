/**
 * @module
 * Validates a `/api/feedback` body (`FeedbackRequest`, data/contracts/feedback-request.ts):
 * sizes, the rating, and every citation as a verse of the proxy's own corpus, so a webhook
 * never receives references that do not exist.
 */
import { z } from 'zod';
import { FEEDBACK_LIMITS, type FeedbackRequest } from '../../data/contracts/feedback-request.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { formatFieldPath } from '../http/field-path.js';
import { langTagSchema, VERSE_REF_PATTERN } from '../http/request-fields.js';
import { ANSWER_SIGNATURE_PATTERN } from '../../data/contracts/answer-signature.js';
import { CHAT_LIMITS } from '../../data/contracts/chat-request.js';

export const feedbackRequestSchema = z.object({
  question: z
    .string({ error: 'question must be a string' })
    .trim()
    .min(1, { error: 'question is empty' })
    .max(FEEDBACK_LIMITS.maxQuestionChars, { error: `question is longer than ${FEEDBACK_LIMITS.maxQuestionChars} characters` }),
  rating: z.enum(['up', 'down'], { error: 'rating must be "up" or "down"' }),
  comment: z
    .string({ error: 'comment must be a string' })
    .trim()
    .max(FEEDBACK_LIMITS.maxCommentChars, { error: `comment is longer than ${FEEDBACK_LIMITS.maxCommentChars} characters` })
    .optional(),
  citations: z
    .array(
      z
        .string({ error: 'each citation must be a string like "2:153"' })
        .regex(VERSE_REF_PATTERN, { error: 'each citation must look like "2:153" (surah:ayah)' }),
      {
        error: 'citations must be an array of "S:A" strings',
      },
    )
    .max(FEEDBACK_LIMITS.maxCitations, { error: `citations has more than ${FEEDBACK_LIMITS.maxCitations} references` })
    .default([]),
  lang: langTagSchema.optional(),
  answer: z.object(
    {
      text: z
        .string({ error: 'answer.text must be a string' })
        .max(CHAT_LIMITS.maxAnswerTurnChars, { error: `answer.text is longer than the ${CHAT_LIMITS.maxAnswerTurnChars} characters an answer is signed over` }),
      signature: z
        .string({ error: 'answer.signature must be a string' })
        .regex(ANSWER_SIGNATURE_PATTERN, { error: "answer.signature must be the answer's signature from its finish part" }),
    },
    { error: 'answer must be {text, signature}: the rated answer as this proxy signed it' },
  ),
});

export interface FeedbackValidationIssue {
  readonly code: 'invalid-field' | 'unknown-verse';
  readonly field: string;
  readonly message: string;
}

export type FeedbackValidation = { ok: true; value: FeedbackRequest } | { ok: false; issue: FeedbackValidationIssue };

export function validateFeedbackRequest(body: unknown, corpus: Corpus): FeedbackValidation {
  const parsed = feedbackRequestSchema.safeParse(body);
  if (!parsed.success) {
    const first = parsed.error.issues[0]!;
    const field = formatFieldPath(first.path);
    return {
      ok: false,
      issue: {
        code: 'invalid-field',
        field: field || 'body',
        message: field ? `${field}: ${first.message}` : 'body must be a JSON object {question, rating, citations, comment?, answer}',
      },
    };
  }
  const value = parsed.data;
  for (const [i, ref] of value.citations.entries()) {
    const [surah, ayah] = ref.split(':').map(Number) as [number, number];
    if (!corpus.isValidRef({ surah, ayah })) {
      return { ok: false, issue: { code: 'unknown-verse', field: `citations[${i}]`, message: `citations[${i}]: ${ref} is not a verse of the Quran` } };
    }
  }
  const { comment, lang, ...rest } = value;
  return { ok: true, value: { ...rest, ...(comment ? { comment } : {}), ...(lang ? { lang } : {}) } };
}
