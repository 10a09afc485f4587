/**
 * @module
 * Makes the visitor-sent history safe to give the model. An assistant turn reaches the model
 * as its own earlier words, so only answers this proxy signed are kept (with the question they
 * answered right before them); a forged or unsigned one is dropped and its question stays.
 * Then empty turns are skipped and consecutive user turns merged, so the messages alternate
 * user, assistant, …, user: local models with strict chat templates (Mistral, Gemma) reject
 * anything else.
 */
import { signedAnswerText } from '../../data/contracts/answer-signature.js';
import type { ChatTurn } from '../../data/contracts/chat-request.js';
import type { AnswerSigner } from './answer-signer.js';

export interface PromptTurn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
}

export interface VerifiedHistory {
  readonly turns: readonly PromptTurn[];
  /** Assistant turns dropped because their signature did not verify. */
  readonly dropped: number;
}

/** Keeps user turns and the assistant turns whose signature verifies against the user turn before them. */
export async function verifyHistory(history: readonly ChatTurn[], signer: AnswerSigner): Promise<VerifiedHistory> {
  const checks = history.map((turn, i) => {
    if (turn.role === 'user') return Promise.resolve(true);
    const asked = history[i - 1];
    return asked?.role === 'user' ? signer.verify(asked.content, turn.content, turn.signature) : Promise.resolve(false);
  });
  const keep = await Promise.all(checks);
  return {
    // Only what the signature covers reaches the model: a turn may be longer than its signed
    // first 1,500 characters, and words added after them would be the model's only in name.
    turns: history.filter((_, i) => keep[i]).map((t) => ({ role: t.role, content: t.role === 'assistant' ? signedAnswerText(t.content) : t.content })),
    dropped: keep.filter((k) => !k).length,
  };
}

/**
 * The newest turns whose visitor words together stay within `maxVisitorChars`: older turns are
 * left out from the first one that would pass it (an answer goes with its question).
 */
export function recentTurns(turns: readonly PromptTurn[], maxVisitorChars: number): PromptTurn[] {
  let visitor = 0;
  let from = turns.length;
  for (let i = turns.length - 1; i >= 0; i--) {
    if (turns[i]!.role === 'user') {
      visitor += turns[i]!.content.length;
      if (visitor > maxVisitorChars) break;
    }
    from = i;
  }
  // An answer whose question was left out goes too.
  while (from < turns.length && turns[from]!.role === 'assistant') from++;
  return turns.slice(from);
}

/** Skips empty turns, merges neighbours of the same role, and drops a leading assistant turn. */
export function alternateTurns(turns: readonly PromptTurn[]): PromptTurn[] {
  const out: { role: PromptTurn['role']; content: string }[] = [];
  for (const t of turns) {
    const content = t.content.trim();
    if (!content) continue;
    const last = out.at(-1);
    if (last?.role === t.role) last.content = `${last.content}\n\n${content}`;
    else if (out.length > 0 || t.role === 'user') out.push({ role: t.role, content });
  }
  return out;
}
