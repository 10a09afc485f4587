/**
 * @module
 * A question's search as the stages the visitor sees, each a better list than the one before:
 *
 * 1. `meaning-first`: only while a translation the question needs downloads (with a vector
 *    index): what the question's meaning finds, since its words cannot be searched yet;
 * 2. `keyword` (or `fused` when the meaning came first): the first list, shown at once;
 * 3. `fused`: keyword and meaning fused once the question is embedded;
 * 4. `with-topics`: searched again when the topic index arrived meanwhile (waiting at most
 *    TOPICS_WAIT_MS), when no fused stage followed;
 * 5. `with-suggestion`: the LLM's retrieval suggestion merged (asked for beside the embedding).
 *
 * DOM-free: the element's AskController shows each step; anything that runs a question the way
 * the widget does (a test, a measurement) can iterate the same steps. Aborting `signal` ends the
 * steps with an AbortError.
 */
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { RetrievalAssist } from '../../data/search/search-engine.js';
import type { SearchResult } from '../../data/search/search-result.js';
import { SUGGEST_LIMITS, type SuggestResponse } from '../../data/contracts/suggest-request.js';
import type { ConversationExchange } from '../history/conversation-store.js';
import { isAbortError } from '../api/abort-error.js';
import { arrivalWithin } from './arrival-within.js';
import { historyTurns } from './chat-request-builder.js';
import type { QueryEmbedder, WidgetSearchEngine } from './search-engine-port.js';

/**
 * How long a question asked before the topic index arrived waits for it before its refined
 * results: the index decides what many questions in visitors' own words find.
 */
export const TOPICS_WAIT_MS = 3000;

/** What the stages need from the widget. */
export interface SearchStagesEnvironment {
  readonly engine: WidgetSearchEngine;
  /** Embeds the query for hybrid search; null when there is no vector index (keyword search only). */
  readonly embedQuery: QueryEmbedder | null;
  /** Language hint for the query (BCP-47): the translation's language, else the UI language. */
  readonly searchLang: string;
  readonly history: readonly ConversationExchange[];
  /** Loads a translation the query must be searched in (cached like the rest of the data). */
  readonly loadTrack: (track: TextTrackId, signal: AbortSignal) => Promise<void>;
  /**
   * The LLM's retrieval suggestion for a question (`/api/suggest`, already checked against the
   * corpus; empty on any failure). Absent when the proxy offers none or no answer is wanted.
   */
  readonly suggest?: (question: string, signal: AbortSignal) => Promise<SuggestResponse>;
  /**
   * While the topic index is still on its way (it loads once the widget is ready), the promise
   * of its arrival. Undefined once it is in, or when there is none.
   */
  readonly topicsPending?: () => Promise<void> | undefined;
}

export type SearchStageName = 'meaning-first' | 'keyword' | 'fused' | 'with-topics' | 'with-suggestion';

export type SearchStep =
  /** A list to show; `retrievalText` and `vector` are what it was searched with. */
  | {
      readonly kind: 'results';
      readonly stage: SearchStageName;
      readonly result: SearchResult;
      readonly retrievalText: string;
      readonly vector: Float32Array | undefined;
    }
  /** A better list is being prepared: the visitor sees "refining". */
  | { readonly kind: 'refining' }
  /** The question could not be embedded: the keyword list stays (reported once per question). */
  | { readonly kind: 'embed-failed'; readonly error: unknown };

/** The steps of one question's search; a failed search throws (an embedding failure does not). */
export async function* searchStages(question: string, env: SearchStagesEnvironment, signal: AbortSignal): AsyncGenerator<SearchStep> {
  const retrievalText = env.engine.retrievalQuery(question, historyTurns(env.history));
  const { engine, searchLang } = env;
  let vector: Float32Array | undefined;
  const results = (stage: SearchStageName, result: SearchResult): SearchStep => ({ kind: 'results', stage, result, retrievalText, vector });
  /** The question searched with what there is so far: its meaning once embedded, keywords before. */
  const searchNow = (assist?: RetrievalAssist) =>
    vector ? engine.hybrid(retrievalText, vector, searchLang, assist) : engine.lexical(retrievalText, searchLang, assist);
  // One embedding attempt per question: a failure is reported once, and keyword results stay.
  let embedTried = false;

  const missing = await engine.missingTrack?.(retrievalText, searchLang);
  signal.throwIfAborted();
  if (missing) {
    const loading = env.loadTrack(missing, signal);
    // Its own failure is thrown where it is awaited below; meanwhile it must not go unhandled.
    loading.catch(() => undefined);
    if (env.embedQuery) {
      embedTried = true;
      try {
        vector = await env.embedQuery(retrievalText, signal);
      } catch (e) {
        if (signal.aborted || isAbortError(e)) throw e;
        yield { kind: 'embed-failed', error: e };
      }
      signal.throwIfAborted();
      if (vector) {
        yield results('meaning-first', await engine.hybrid(retrievalText, vector, searchLang));
        yield { kind: 'refining' };
      }
    }
    await loading;
    signal.throwIfAborted();
  }
  let result = await searchNow();
  signal.throwIfAborted();
  yield results(vector ? 'fused' : 'keyword', result);
  if (result.stage === 'direct') return;

  const topicsArriving = env.topicsPending?.();
  // With an LLM on the proxy, its suggestion is asked for at once, beside the query vector.
  const suggesting = env.suggest?.(retrievalText.slice(0, SUGGEST_LIMITS.maxQuestionChars), signal);

  if (env.embedQuery && !embedTried) {
    yield { kind: 'refining' };
    let fused: SearchResult | undefined;
    try {
      vector = await env.embedQuery(retrievalText, signal);
      signal.throwIfAborted();
      if (topicsArriving) await arrivalWithin(topicsArriving, TOPICS_WAIT_MS);
      signal.throwIfAborted();
      fused = await engine.hybrid(retrievalText, vector, searchLang);
    } catch (e) {
      if (signal.aborted || isAbortError(e)) throw e;
      yield { kind: 'embed-failed', error: e };
    }
    signal.throwIfAborted();
    if (fused) yield results('fused', (result = fused));
  } else if (topicsArriving) {
    // No refining stage of its own (keyword search only, or the meaning came first): search
    // again once the topics are in.
    yield { kind: 'refining' };
    if (await arrivalWithin(topicsArriving, TOPICS_WAIT_MS)) {
      signal.throwIfAborted();
      result = await searchNow();
      signal.throwIfAborted();
      yield results('with-topics', result);
    }
    signal.throwIfAborted();
  }

  if (suggesting) {
    yield { kind: 'refining' };
    const assist = await suggesting;
    signal.throwIfAborted();
    if (assist.refs.length === 0 && !assist.query) return;
    try {
      result = await searchNow(assist);
    } catch (e) {
      // The results already shown stay: a suggestion only ever adds.
      if (signal.aborted || isAbortError(e)) throw e;
      console.info(`quran-dai: the retrieval suggestion was not merged (${(e as Error).message})`);
      return;
    }
    signal.throwIfAborted();
    yield results('with-suggestion', result);
  }
}
