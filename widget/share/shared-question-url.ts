/**
 * @module
 * A page URL that carries a question, `?quran-dai-q=<question>`, so a shared link brings the
 * visitor back to the same answer: the widget reads it on load and asks it.
 */
import { CHAT_LIMITS } from '../../data/contracts/chat-request.js';

export const SHARED_QUESTION_PARAM = 'quran-dai-q';

/** `pageUrl` with the question set (other parameters and the fragment kept). */
export function sharedQuestionUrl(pageUrl: string, question: string): string {
  const url = new URL(pageUrl);
  url.searchParams.set(SHARED_QUESTION_PARAM, question.trim());
  return url.href;
}

/** The shared question in `pageUrl`, or undefined when there is none (empty, or too long to be one). */
export function sharedQuestionIn(pageUrl: string): string | undefined {
  if (!URL.canParse(pageUrl)) return undefined;
  const value = new URL(pageUrl).searchParams.get(SHARED_QUESTION_PARAM)?.trim();
  if (!value || value.length > CHAT_LIMITS.maxQuestionChars) return undefined;
  return value;
}
