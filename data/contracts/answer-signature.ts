/**
 * The answer signature, shared by the proxy (signer, verifier) and the widget (keeper).
 *
 * When an answer ends, the proxy sends an HMAC of the question and the answer in the stream's
 * `finish` part, as AI SDK message metadata:
 * `{"type":"finish","finishReason":"stop","messageMetadata":{"answerSignature":"<base64url>"}}`.
 * The widget stores it with the exchange and sends it back on the answer's history turn. Both
 * sides cut the texts the same way first, so what comes back is exactly what was signed.
 */
import { CHAT_LIMITS } from './chat-request.js';

/** The `messageMetadata` of a signed answer's `finish` part. */
export interface AnswerFinishMetadata {
  /** HMAC-SHA256, base64url without padding (43 characters). */
  readonly answerSignature: string;
}

/** What a signature looks like; anything else is not even checked. */
export const ANSWER_SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The question as signed and as sent back in history: trimmed, at most 1,000 characters. */
export function signedQuestionText(question: string): string {
  return question.trim().slice(0, CHAT_LIMITS.maxQuestionChars).trim();
}

/** The answer as signed and as sent back in history: its first 1,500 characters. */
export function signedAnswerText(answer: string): string {
  return answer.slice(0, CHAT_LIMITS.maxAnswerTurnChars);
}
