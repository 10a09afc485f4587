/**
 * The `/api/chat` request body, shared by the widget (sender) and the proxy (validator).
 * The widget sends verse *references* only; the proxy looks the text up in its own corpus.
 */
import type { TextTrackId } from '../corpus/corpus-types.js';

export interface ChatTurn {
  readonly role: 'user' | 'assistant';
  readonly content: string;
  /**
   * For an assistant turn: the proxy's signature of that answer, from the answer stream's
   * `finish` part (see answer-signature.ts). The proxy drops assistant turns whose signature
   * does not verify, so a client cannot put words in the model's mouth.
   */
  readonly signature?: string;
}

/** One retrieved verse: the hit itself and, for the top hits, its same-surah context passage. */
export interface ChatVerseRef {
  /** The verse, `S:A`, e.g. `2:153`. */
  readonly ref: string;
  /** Optional passage around it, `S:A-B` inside the same surah, at most 11 verses, e.g. `2:148-158`. */
  readonly context?: string;
}

export interface ChatRequest {
  /** The visitor's question (<= 1,000 characters). */
  readonly question: string;
  /** Earlier turns, oldest first (<= 10). */
  readonly history: readonly ChatTurn[];
  /** Retrieved verses in rank order (<= 25; at most 3 with a context passage, <= 60 verses in all passages together). */
  readonly verses: readonly ChatVerseRef[];
  /** BCP-47 language of the visitor's UI; the answer uses the question's language. */
  readonly lang?: string;
  /** Translation the widget shows, so the prompt can use the same one. Default `en`. */
  readonly translation?: TextTrackId;
  /**
   * "Explain this passage": the verse `S:A` the visitor asked about. It must be the first of
   * `verses` and carry its context passage; the answer explains it from that passage and says
   * it is not a tafsir.
   */
  readonly explain?: string;
  /**
   * The mosque's own passages the widget retrieved: chunk ids of the site artefact `version`
   * (its manifest's). The proxy takes their text from its own copy; cited as `[site:N]`.
   */
  readonly site?: ChatSiteRefs;
}

export interface ChatSiteRefs {
  readonly version: string;
  /** Chunk ids, best first (<= 5, no repeats). */
  readonly chunks: readonly number[];
}

/** Limits enforced by the proxy and respected by the widget. */
export const CHAT_LIMITS = {
  maxBodyBytes: 32 * 1024,
  maxQuestionChars: 1000,
  maxHistoryTurns: 10,
  /**
   * The visitor's own words from earlier turns sent upstream, all together (the newest kept):
   * they are not signed, and ten turns of 1,000 characters would go to the model as one message.
   */
  maxHistoryVisitorChars: 2000,
  /** An earlier answer is sent back (and signed) as its first 1,500 characters. */
  maxAnswerTurnChars: 1500,
  maxVerseRefs: 25,
  maxContextVerses: 11,
  /** Verses that may carry a context passage (the widget sends the top 3). */
  maxContexts: 3,
  /** Distinct verses in all passages together (3 × 11 context verses + the other hits fit). */
  maxPassageVerses: 60,
  /** Site passages per request (the widget sends its top 3). */
  maxSiteChunks: 5,
  /**
   * Characters of an answer that are shown. The prompt asks for about 200 words (a few thousand
   * characters); an answer past this is a model stuck repeating itself or an injected payload.
   */
  maxAnswerChars: 20_000,
} as const;
