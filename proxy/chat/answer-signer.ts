/**
 * @module
 * Signs the proxy's answers and checks the signatures history brings back (HMAC-SHA256 over
 * the question and the answer, Web Crypto only, so it runs on every runtime). The key comes
 * from `ANSWER_SIGNING_KEY`; without it each process draws a random key, which is enough for
 * one proxy but not for several behind a load balancer (each would drop the others' answers
 * from history) nor across a restart (earlier answers are then dropped, questions kept).
 */
import { ANSWER_SIGNATURE_PATTERN, signedAnswerText, signedQuestionText } from '../../data/contracts/answer-signature.js';

export interface AnswerSigner {
  /** The signature of `answer` as the reply to `question`. */
  sign(question: string, answer: string): Promise<string>;
  /** True when `signature` is this proxy's signature of `answer` as the reply to `question`. */
  verify(question: string, answer: string, signature: string | undefined): Promise<boolean>;
}

/** Domain separation: this key signs nothing else, and a later format gets a new tag. */
const FORMAT_TAG = 'quran-dai answer v1';

/** @param secret - the configured key; empty: a random 32-byte key for this process. */
export function createAnswerSigner(secret: string): AnswerSigner {
  const encoder = new TextEncoder();
  const keyBytes = secret ? encoder.encode(secret) : crypto.getRandomValues(new Uint8Array(32));
  const key = crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  // Length-prefixed, so no split of the same characters into question and answer collides.
  const message = (question: string, answer: string) => {
    const q = signedQuestionText(question);
    return encoder.encode(`${FORMAT_TAG}\n${q.length}\n${q}\n${signedAnswerText(answer)}`);
  };
  return {
    async sign(question, answer) {
      return toBase64Url(new Uint8Array(await crypto.subtle.sign('HMAC', await key, message(question, answer))));
    },
    async verify(question, answer, signature) {
      if (signature === undefined || !ANSWER_SIGNATURE_PATTERN.test(signature)) return false;
      // subtle.verify compares in constant time.
      return crypto.subtle.verify('HMAC', await key, fromBase64Url(signature), message(question, answer));
    },
  };
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
