/**
 * Builds the `/api/chat` body from a search result: verse references only (never text),
 * the top hits with their ±5 same-surah context, and the recent conversation. Also gives
 * the set of verses the model was shown, which citations are checked against.
 */
import type { RetrievedVerses } from '../../data/answer-check/citation-check.js';
import { signedAnswerText, signedQuestionText } from '../../data/contracts/answer-signature.js';
import { CHAT_LIMITS, type ChatRequest, type ChatSiteRefs, type ChatTurn, type ChatVerseRef } from '../../data/contracts/chat-request.js';
import type { TextTrackId, VerseRange } from '../../data/corpus/corpus-types.js';
import { formatRange, formatRef, refsInRange } from '../../data/corpus/verse-range.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { ConversationExchange } from '../history/conversation-store.js';

/** How many top hits carry their context passage (the product rule: top 3, ±5). */
export const CONTEXT_HITS = 3;

export interface ChatCorpus {
  contextOf(ref: { surah: number; ayah: number }): VerseRange;
  indexOf(ref: { surah: number; ayah: number }): number;
}

export interface BuildChatRequestOptions {
  readonly question: string;
  readonly result: SearchResult;
  readonly history: readonly ConversationExchange[];
  readonly corpus: ChatCorpus;
  readonly lang: string;
  readonly translation: TextTrackId;
  /** "Explain this passage": the verse `S:A`, which must be the result's first hit. */
  readonly explain?: string | undefined;
  /** The mosque's passages retrieved for the question (ids of site artefact `version`), best first. */
  readonly site?: ChatSiteRefs;
}

/**
 * Earlier exchanges as chat turns, oldest first, at most `CHAT_LIMITS.maxHistoryTurns`. Texts
 * are cut exactly as the proxy signed them (long answers to 1,500 characters), and each answer
 * carries its signature.
 */
export function historyTurns(history: readonly ConversationExchange[]): ChatTurn[] {
  const turns = history.flatMap((x): ChatTurn[] => [
    { role: 'user', content: signedQuestionText(x.question) },
    ...(x.answer.trim() ? [{ role: 'assistant' as const, content: signedAnswerText(x.answer), ...(x.signature ? { signature: x.signature } : {}) }] : []),
  ]);
  const recent = turns.slice(-CHAT_LIMITS.maxHistoryTurns);
  // Start on a user turn so the model never sees an orphaned answer.
  return recent[0]?.role === 'assistant' ? recent.slice(1) : recent;
}

export function chatVerseRefs(result: SearchResult, corpus: ChatCorpus): ChatVerseRef[] {
  return result.hits
    .slice(0, CHAT_LIMITS.maxVerseRefs)
    .map((hit, rank) => (rank < CONTEXT_HITS ? { ref: formatRef(hit.ref), context: formatRange(corpus.contextOf(hit.ref)) } : { ref: formatRef(hit.ref) }));
}

/**
 * The request, with the oldest exchanges left out while its body would pass the proxy's limit:
 * ten turns of long questions and answers in Bengali or Urdu (three bytes a letter) reach 36 KB,
 * and a refused body would fail every later question until the conversation was cleared.
 */
export function buildChatRequest(options: BuildChatRequestOptions): ChatRequest {
  const request = chatRequestWith(options, historyTurns(options.history));
  let history = request.history;
  let fitted = request;
  while (history.length > 0 && bodyBytes(fitted) > CHAT_LIMITS.maxBodyBytes) {
    // An exchange at a time, so the history still starts with a question.
    history = history.slice(history[1]?.role === 'assistant' ? 2 : 1);
    fitted = { ...request, history };
  }
  return fitted;
}

const utf8 = new TextEncoder();

function bodyBytes(request: ChatRequest): number {
  return utf8.encode(JSON.stringify(request)).length;
}

function chatRequestWith(options: BuildChatRequestOptions, history: ChatTurn[]): ChatRequest {
  return {
    question: options.question.trim().slice(0, CHAT_LIMITS.maxQuestionChars),
    history,
    verses: chatVerseRefs(options.result, options.corpus),
    lang: options.lang,
    translation: options.translation,
    ...(options.explain ? { explain: options.explain } : {}),
    // Site search returns at most 3 passages, under CHAT_LIMITS.maxSiteChunks.
    ...(options.site?.chunks.length ? { site: options.site } : {}),
  };
}

/**
 * Global indexes of every verse the visitor was shown and the model was sent (hits + context),
 * and, as `suggested`, those that only the LLM's retrieval suggestion brought: an answer citing
 * one is marked so (citation-check.ts).
 */
export function retrievedVerses(result: SearchResult, corpus: ChatCorpus): RetrievedVerses {
  const set = new Set<number>();
  for (const hit of result.hits) set.add(hit.index);
  const ranges = [...result.passages.map((p) => p.range), ...result.hits.slice(0, CONTEXT_HITS).map((h) => corpus.contextOf(h.ref))];
  const context = new Set<number>();
  for (const range of ranges) for (const ref of refsInRange(range)) context.add(corpus.indexOf(ref));
  for (const i of context) set.add(i);
  const suggested = new Set(result.hits.filter((h) => h.sources.length === 1 && h.sources[0] === 'assist' && !context.has(h.index)).map((h) => h.index));
  return Object.assign(set, { suggested });
}
