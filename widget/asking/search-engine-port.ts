/**
 * What the widget needs from the retrieval engine in `data/search/`, as a narrow port so the
 * element can be tested with a stand-in. Async because the real engine runs in a Worker
 * (ADR 0004): `worker-backed-search-engine.ts` adapts it, `search-engine-adapter.ts` adapts the
 * in-page engine (the fallback when no Worker can start).
 */
import type { ChatTurn } from '../../data/contracts/chat-request.js';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import type { RetrievalAssist } from '../../data/search/search-engine.js';

export interface WidgetSearchEngine {
  /**
   * Keyword search. `lang` hints the query language (BCP-47). The first call may wait for the
   * index build. `assist`: an LLM's checked retrieval suggestion, fused as lists of its own.
   */
  lexical(query: string, lang: string, assist?: RetrievalAssist): Promise<SearchResult>;
  /** Keyword + vector search fused; `vector` is the query embedding for the loaded index. */
  hybrid(query: string, vector: Float32Array, lang: string, assist?: RetrievalAssist): Promise<SearchResult>;
  /** A translation the query must be searched in that is not loaded yet (load it, then search). */
  missingTrack?(query: string, lang: string): Promise<TextTrackId | undefined>;
  /** The text to retrieve with for a follow-up question (uses the conversation). Pure and cheap: runs on the page. */
  retrievalQuery(question: string, history: readonly ChatTurn[]): string;
  /**
   * Search with the topic index from now on (it loads after the first results); resolves once the
   * engine has it. Engines without topics leave it out.
   */
  useTopics?(data: TopicData): Promise<void>;
  /** Release what the engine holds (its Worker); called when the widget boots again. */
  dispose?(): void;
}

/** Embeds a question for the loaded vector index (through the proxy or in the browser). */
export type QueryEmbedder = (text: string, signal: AbortSignal) => Promise<Float32Array>;
