/**
 * What a search returns, for every consumer (widget, eval, bench, proxy tests).
 */
import type { VerseRange, VerseRef } from '../corpus/corpus-types.js';

export type HitSource = 'lexical' | 'vector' | 'reference' | 'topic' | 'assist';

export interface SearchHit {
  readonly ref: VerseRef;
  /** Global verse index 0..6235. */
  readonly index: number;
  /** Fused score (RRF for hybrid, BM25 for lexical-only, 1 for direct references); higher is better. */
  readonly score: number;
  readonly sources: readonly HitSource[];
  readonly lexicalRank?: number;
  readonly vectorRank?: number;
  /** Rank in the verse list of the matched topics. */
  readonly topicRank?: number;
  /** Rank in the LLM's suggestion (its verses, or its query's keyword search), when it helped find this verse. */
  readonly assistRank?: number;
  /** Cosine similarity when the vector search saw this verse. */
  readonly cosine?: number;
}

/** A top hit expanded with its same-surah context (overlapping windows merged). */
export interface SearchPassage {
  /** The hits (refs) this passage was built around. */
  readonly hits: readonly VerseRef[];
  readonly range: VerseRange;
}

export type SearchKind =
  /** Ranked verses from lexical and/or vector search. */
  | 'verses'
  /** The query was a verse reference or a named verse (e.g. Ayat al-Kursi). */
  | 'reference'
  /** The query named a surah (e.g. "Surah Yasin"). */
  | 'surah'
  /** Nothing relevant: the UI must say so, never present this as "not in the Quran". */
  | 'none';

export interface SearchResult {
  readonly kind: SearchKind;
  readonly query: string;
  /** At most 20 hits, best first. Empty only when kind is `none`. */
  readonly hits: readonly SearchHit[];
  /** The top 3 hits with ±5 context, merged when they overlap. */
  readonly passages: readonly SearchPassage[];
  /** Which stage produced the list: lexical first, then fused once the query vector arrives. */
  readonly stage: 'lexical' | 'hybrid' | 'direct';
  /** For kind `none`: a short reason for logs/UI (e.g. "no verse passed the similarity floor"). */
  readonly reason?: string;
  /** Topics of the Quran the question matched (their verses joined the ranking), best first. */
  readonly topics?: readonly MatchedTopic[];
  /** For kind `none` when the question itself is the trouble, so the visitor can be told how to fix it. */
  readonly problem?: QueryProblem;
}

export type QueryProblem =
  /** Nothing to search: no letter or digit ("???", "🙏"). */
  | { readonly kind: 'no-words' }
  /**
   * A reference to a verse or surah that does not exist (`2:999`, `Surah 115`): `surah` as
   * written (it may be above 114), `ref` as a normalised reference (`2:999`, `2:280-290`, `115`).
   */
  | { readonly kind: 'no-such-verse'; readonly surah: number; readonly ref: string };

/** A topic the question matched: its id in the topic index, and by what. */
export interface MatchedTopic {
  readonly id: string;
  /** How it came: the question's words, its meaning, or the visitor opened it from the topic list. */
  readonly via: 'keywords' | 'meaning' | 'browse';
}
