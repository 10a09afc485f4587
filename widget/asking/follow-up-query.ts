/**
 * Fallback retrieval text for follow-ups when the engine has no `retrievalQuery`: a short
 * follow-up ("and what about forgiveness?") is searched together with the previous question
 * so the conversation's topic carries over.
 */
import type { ChatTurn } from '../../data/contracts/chat-request.js';

const SHORT_FOLLOW_UP_WORDS = 6;

export function followUpQuery(question: string, history: readonly ChatTurn[]): string {
  const previous = [...history].reverse().find((t) => t.role === 'user')?.content.trim();
  const words = question.trim().split(/\s+/).filter(Boolean).length;
  if (!previous || words >= SHORT_FOLLOW_UP_WORDS) return question.trim();
  return `${previous} ${question.trim()}`;
}
