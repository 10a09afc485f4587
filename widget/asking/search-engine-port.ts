/**
 * What the widget needs from the retrieval engine in `data/search/`, as a narrow port so the
 * element can be tested with a stand-in. `search-engine-adapter.ts` adapts the real engine.
 */
import type { ChatTurn } from '../../data/contracts/chat-request.js';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { SearchResult } from '../../data/search/search-result.js';

export interface WidgetSearchEngine {
  /** Keyword search; synchronous and fast. `lang` hints the query language (BCP-47). */
  lexical(query: string, lang: string): SearchResult;
  /** Keyword + vector search fused; `vector` is the query embedding for the loaded index. */
  hybrid(query: string, vector: Float32Array, lang: string): SearchResult;
  /** A translation the query must be searched in that is not loaded yet (load it, then search). */
  missingTrack?(query: string, lang: string): TextTrackId | undefined;
  /** The text to retrieve with for a follow-up question (uses the conversation). */
  retrievalQuery?(question: string, history: readonly ChatTurn[]): string;
}

/** Embeds a question for the loaded vector index (through the proxy or in the browser). */
export type QueryEmbedder = (text: string, signal: AbortSignal) => Promise<Float32Array>;
