/**
 * The asking flow as a Lit reactive controller (modelled on @lit/task): keyword results at
 * once, fused results when the query vector arrives, then the streamed answer. Each ask
 * owns an AbortController; a newer ask or `stop()` aborts it and every await drops stale
 * work. Failures never remove the verses already found: they become a notice and an error
 * callback (the element turns it into `quran-dai-error`).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { CHAT_LIMITS, type ChatRequest } from '../../data/contracts/chat-request.js';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import { formatRange, formatRef } from '../../data/corpus/verse-range.js';
import type { SearchResult } from '../../data/search/search-result.js';
import { ProxyError } from '../api/proxy-error.js';
import { isAbortError } from '../api/abort-error.js';
import type { QuranDaiErrorCode, QuranDaiErrorDetail } from '../events/quran-dai-error.js';
import type { QuranDaiSearchDetail } from '../events/quran-dai-search.js';
import type { ConversationExchange } from '../history/conversation-store.js';
import { buildChatRequest, CONTEXT_HITS, retrievedVerses, type ChatCorpus } from './chat-request-builder.js';
import { arrivalWithin } from './arrival-within.js';
import { LatestRun } from './latest-run.js';
import { searchStages, type SearchStagesEnvironment } from './search-stages.js';
import { framePacedUpdate } from './frame-paced-update.js';
import type { SiteHit } from '../../data/site/site-search.js';
import type { SiteKnowledge } from '../site/site-knowledge.js';

export const AskStatus = {
  /** Nothing asked yet (or cleared). */
  Idle: 'idle',
  /** Keyword search running (in the search worker; the first question may wait for its index). */
  Searching: 'searching',
  /** Keyword results shown; waiting for the query vector to fuse results. */
  Refining: 'refining',
  /** Verses final; the answer is streaming. */
  Answering: 'answering',
  /** Done: verses (and the answer, when chat is on). */
  Complete: 'complete',
  /** The visitor pressed stop. */
  Stopped: 'stopped',
  /** The answer failed (verses still shown); see `notice`. */
  Failed: 'failed',
} as const;
export type AskStatus = (typeof AskStatus)[keyof typeof AskStatus];

/** A short explanation shown above the verses. */
export interface AskNotice {
  readonly code: QuranDaiErrorCode | 'chat-off';
  readonly retryAfterSeconds?: number;
  /** Answers are off and the visitor asked to explain a verse (not a question of their own). */
  readonly explain?: true;
}

/** Everything one ask needs, gathered by the element when the visitor asks. */
export interface AskEnvironment extends SearchStagesEnvironment {
  readonly corpus: ChatCorpus;

  readonly proxy: string;
  readonly fetch: typeof fetch;
  /** `mode="chat"`: the visitor wants a written answer. */
  readonly wantsAnswer: boolean;
  /** The proxy said `/api/chat` is configured. */
  readonly chatAvailable: boolean;
  /**
   * Why there is no written answer when `chatAvailable` is false: this page is not allowed to
   * ask (`chat-off`), or the proxy has no LLM (`chat-not-configured`). Default `chat-off`.
   */
  readonly chatOffReason?: 'chat-off' | 'chat-not-configured';
  /**
   * Seconds left of a wait the proxy asked for (429): the verses are still searched (that runs
   * here), the answer is not asked for until then.
   */
  readonly answersPausedFor?: number;
  readonly lang: string;
  readonly translation: TextTrackId;
  /**
   * The mosque's own documents, searched beside the verses, and the id of the index whose
   * embedder makes the query vectors (site vectors from another embedder are not used).
   */
  readonly site?: AskSite | null;
  /**
   * While the mosque's documents are still on their way (they load beside the verses), the
   * promise of them: a question asked before they came waits at most SITE_WAIT_MS before its
   * answer, so "When is Jumu'ah?" asked at once still meets the mosque's own page.
   */
  readonly sitePending?: () => Promise<AskSite | null> | undefined;
  /** Told when a question is about to be searched: the topic names of its language start loading if the page's file lacks them. */
  readonly questionAsked?: (question: string) => void;
  /** Told once a question (or an Explain) has its first verses on screen: what loads after them starts now. */
  readonly firstResultsShown?: (question: string) => void;
}

/** The mosque's documents as an ask searches them. */
export interface AskSite {
  readonly knowledge: SiteKnowledge;
  /** The id of the index whose embedder makes the query vectors (site vectors from another embedder are not used). */
  readonly queryEmbedderId: string | null;
}

/**
 * How long an answer waits for the mosque's documents still on their way. They are a few small
 * files, but on a first visit they are stored after the verses and their index (IndexedDB writes
 * to one store run one after another), which a busy phone can take seconds over; the question a
 * visitor asks first ("When is Jumu'ah?") is often the one they answer.
 */
export const SITE_WAIT_MS = 8000;

export { TOPICS_WAIT_MS } from './search-stages.js';

/** "Explain this passage": the verse and its result, asked without a search. */
export interface ExplainRequest {
  /** The verse explained, `S:A`; sent as `explain` and shown with its quran.com tafsir link. */
  readonly ref: string;
  /** The verse as the one hit, with its ±5 passage (`explainResult`). */
  readonly result: SearchResult;
}

export interface AskCallbacks {
  onSearch(detail: QuranDaiSearchDetail): void;
  /** The answer finished streaming. */
  onAnswer(question: string, text: string): void;
  onError(detail: QuranDaiErrorDetail): void;
  /** A finished exchange to keep in the conversation history. */
  onExchange(exchange: ConversationExchange): void;
}

export class AskController implements ReactiveController {
  status: AskStatus = AskStatus.Idle;
  question = '';
  result: SearchResult | undefined;
  /** Verses shown and sent (hits + context), for citation checks. */
  retrieved: ReadonlySet<number> = new Set();
  /** The mosque's passages found for the question, shown apart from the verses and sent by id. */
  siteHits: readonly SiteHit[] = [];
  /** Ids of `siteHits`, for `[site:N]` citation checks. */
  siteRetrieved: ReadonlySet<number> = new Set();
  answer = '';
  /** The proxy's signature of the answer, once it ended complete: what ties a rating to an answer it gave. */
  answerSignature: string | undefined;
  notice: AskNotice | undefined;
  /** The verse being explained (`S:A`) when this ask came from a card's Explain action. */
  explain: string | undefined;
  /** The last request sent to `/api/chat` (for tests and debugging). */
  lastChatRequest: ChatRequest | undefined;

  readonly #host: ReactiveControllerHost;
  readonly #callbacks: AskCallbacks;
  readonly #runs = new LatestRun();
  #lastEnv: AskEnvironment | undefined;
  #lastExplain: ExplainRequest | undefined;
  /** What the shown results were searched with: the mosque's documents are searched with the same. */
  #searched: { readonly retrievalText: string; readonly vector: Float32Array | undefined } = { retrievalText: '', vector: undefined };

  constructor(host: ReactiveControllerHost, callbacks: AskCallbacks) {
    this.#host = host;
    this.#callbacks = callbacks;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.stop();
  }

  get busy(): boolean {
    return this.status === AskStatus.Searching || this.status === AskStatus.Refining || this.status === AskStatus.Answering;
  }

  /** Stop the running ask; what is on screen stays. */
  stop(): void {
    if (!this.busy) return;
    this.#runs.cancel();
    this.status = AskStatus.Stopped;
    this.#host.requestUpdate();
  }

  /** Forget the current question and answer. */
  reset(): void {
    this.#runs.cancel();
    Object.assign(this, {
      status: AskStatus.Idle,
      question: '',
      result: undefined,
      answer: '',
      answerSignature: undefined,
      notice: undefined,
      retrieved: new Set(),
      siteHits: [],
      siteRetrieved: new Set(),
      explain: undefined,
    });
    this.#host.requestUpdate();
  }

  /**
   * Shows a result found another way (a topic the visitor opened from the list): no search, no
   * answer, nothing kept in the history; the visitor can still ask about it in their own words.
   */
  showFound(title: string, result: SearchResult, env: AskEnvironment): void {
    this.#runs.cancel();
    Object.assign(this, {
      question: title,
      answer: '',
      answerSignature: undefined,
      notice: undefined,
      explain: undefined,
      lastChatRequest: undefined,
      status: AskStatus.Complete,
    });
    this.#show(title, result, { ...env, site: undefined }, title, undefined);
  }

  /** Ask the last question again with the environment it was asked in (or a fresh one). */
  retry(env: AskEnvironment | undefined = this.#lastEnv): Promise<void> {
    return env && this.question ? this.ask(this.question, env, this.#lastExplain) : Promise.resolve();
  }

  /** Ask `question`; with `explain`, its result is used as found (no search) and the request carries `explain`. */
  async ask(question: string, env: AskEnvironment, explain?: ExplainRequest): Promise<void> {
    const { signal, stale } = this.#runs.start();
    this.#lastEnv = env;
    this.#lastExplain = explain;
    Object.assign(this, {
      question,
      answer: '',
      answerSignature: undefined,
      notice: undefined,
      status: AskStatus.Searching,
      lastChatRequest: undefined,
      explain: explain?.ref,
    });

    let result: SearchResult;
    if (explain) {
      result = explain.result;
      // An explanation is about the verse and its passage: the mosque's documents are not searched.
      this.#show(question, result, { ...env, site: undefined }, question, undefined);
      env.firstResultsShown?.(question);
    } else {
      env.questionAsked?.(question);
      const found = await this.#search(question, env, signal, stale);
      if (!found) return;
      result = found;
      const site = await this.#siteArrived(env, stale);
      if (stale()) return;
      if (site) {
        env = { ...env, site };
        this.#findSite(env);
      }
    }
    await this.#answer(question, result, env, signal, stale);
  }

  /** Shows each stage's results as it comes; the last list, or undefined when the search failed or a newer ask took over. */
  async #search(question: string, env: AskEnvironment, signal: AbortSignal, stale: () => boolean): Promise<SearchResult | undefined> {
    this.#host.requestUpdate();
    let last: SearchResult | undefined;
    let wordsShown = false;
    try {
      for await (const step of searchStages(question, env, signal)) {
        if (stale()) return undefined;
        if (step.kind === 'refining') {
          this.status = AskStatus.Refining;
          this.#host.requestUpdate();
        } else if (step.kind === 'embed-failed') this.#report(step.error, 'embed-failed');
        else {
          this.#show(question, step.result, env, step.retrievalText, step.vector);
          // What loads after the first results starts once the words can be searched too.
          if (!wordsShown && step.stage !== 'meaning-first') env.firstResultsShown?.(question);
          wordsShown ||= step.stage !== 'meaning-first';
          last = step.result;
        }
      }
    } catch (e) {
      if (stale() || isAbortError(e)) return undefined;
      this.#fail(`searching failed: ${(e as Error).message}`, 'search-failed');
      return undefined;
    }
    return stale() ? undefined : last;
  }

  /** Streams the answer (when wanted and available) and keeps the exchange. */
  async #answer(question: string, result: SearchResult, env: AskEnvironment, signal: AbortSignal, stale: () => boolean): Promise<void> {
    const site = env.site ? { version: env.site.knowledge.version, chunks: this.siteHits.map((h) => h.chunk.id) } : undefined;
    const exchangeBase = {
      question,
      refs: result.hits.map((h) => formatRef(h.ref)),
      context: result.hits.slice(0, CONTEXT_HITS).map((h) => formatRange(env.corpus.contextOf(h.ref))),
      ...(this.explain ? { explain: this.explain } : {}),
      ...(site ? { site } : {}),
    };
    // The mosque's passages alone are enough to answer from ("When is Jumu'ah?").
    const nothingFound = result.kind === 'none' && this.siteHits.length === 0;
    const paused = env.answersPausedFor ?? 0;
    const answerWaits = env.wantsAnswer && !nothingFound && env.chatAvailable && paused > 0;
    if (!env.wantsAnswer || nothingFound || !env.chatAvailable || answerWaits) {
      if (answerWaits) this.notice = { code: 'rate-limited', retryAfterSeconds: paused };
      else if (env.wantsAnswer && !env.chatAvailable && !nothingFound)
        this.notice = { code: env.chatOffReason ?? 'chat-off', ...(this.explain ? { explain: true as const } : {}) };
      this.status = AskStatus.Complete;
      this.#host.requestUpdate();
      // An answer that waits is kept once it is given (Try again), not also without it; an Explain
      // with no answer showed a passage, not a question of the visitor's, so it is not kept.
      if (!answerWaits && !this.explain) this.#callbacks.onExchange({ ...exchangeBase, answer: '', at: Date.now() });
      return;
    }

    this.status = AskStatus.Answering;
    this.#host.requestUpdate();
    const request = buildChatRequest({
      question,
      result,
      history: env.history,
      corpus: env.corpus,
      lang: env.lang,
      translation: env.translation,
      explain: this.explain,
      ...(site ? { site } : {}),
    });
    this.lastChatRequest = request;
    let streamError: string | undefined;
    let signature: string | undefined;
    // Deltas render once a frame (frame-paced-update.ts); what follows the stream renders at once.
    const paced = framePacedUpdate(() => {
      if (!stale()) this.#host.requestUpdate();
    });
    try {
      // Loaded on first use: the stream reader is not needed for the first paint.
      const { postChat } = await import('../chat/post-chat.js');
      if (stale()) return;
      const parts = await postChat(env.proxy, request, env.fetch, signal);
      if (stale()) return;
      for await (const part of parts) {
        if (stale()) return;
        if (part.type === 'text-delta') {
          // One character past what is shown, so the cut note appears; beyond it nothing is kept
          // (a looping upstream can send megabytes, and the answer is also saved and emitted).
          const room = CHAT_LIMITS.maxAnswerChars + 1 - this.answer.length;
          if (room > 0) {
            this.answer += part.delta.slice(0, room);
            paced.request();
          }
        } else if (part.type === 'error') {
          streamError ??= part.errorText;
        } else if (part.answerSignature) {
          signature = part.answerSignature;
        }
      }
    } catch (e) {
      paced.cancel();
      if (stale() || isAbortError(e)) return;
      this.#report(e, 'chat-failed');
      this.status = AskStatus.Failed;
      this.#host.requestUpdate();
      return;
    }
    paced.cancel();
    if (stale()) return;
    if (streamError !== undefined) {
      this.#report(new ProxyError('http-error', `the answer failed: ${streamError}`), 'chat-failed');
      this.status = AskStatus.Failed;
      this.#host.requestUpdate();
      return;
    }
    this.status = AskStatus.Complete;
    this.answerSignature = signature;
    this.#host.requestUpdate();
    this.#callbacks.onExchange({ ...exchangeBase, answer: this.answer, at: Date.now(), ...(signature ? { signature } : {}) });
    this.#callbacks.onAnswer(question, this.answer);
  }

  /** The mosque's documents that arrived while the question was searched (waiting at most SITE_WAIT_MS); undefined when there is nothing new. */
  async #siteArrived(env: AskEnvironment, stale: () => boolean): Promise<AskSite | undefined> {
    const arriving = env.site ? undefined : env.sitePending?.();
    if (!arriving || !(await arrivalWithin(arriving, SITE_WAIT_MS)) || stale()) return undefined;
    return (await arriving.catch(() => null)) ?? undefined;
  }

  /** The mosque's passages for what the shown results were searched with. */
  #findSite(env: AskEnvironment): void {
    const { retrievalText, vector } = this.#searched;
    this.siteHits = env.site ? env.site.knowledge.searchQuestion(retrievalText, vector, env.site.queryEmbedderId) : [];
    this.siteRetrieved = new Set(this.siteHits.map((h) => h.chunk.id));
    this.#host.requestUpdate();
  }

  #show(question: string, result: SearchResult, env: AskEnvironment, retrievalText: string, vector: Float32Array | undefined): void {
    this.result = result;
    this.retrieved = retrievedVerses(result, env.corpus);
    this.#searched = { retrievalText, vector };
    this.#findSite(env);
    this.#callbacks.onSearch({
      query: question,
      kind: result.kind,
      stage: result.stage,
      count: result.hits.length,
      refs: result.hits.map((h) => formatRef(h.ref)),
    });
  }

  /** Map a failure to a notice and an error event; the verses stay. */
  #report(e: unknown, fallback: QuranDaiErrorCode): void {
    const code: QuranDaiErrorCode =
      e instanceof ProxyError && (e.code === 'rate-limited' || e.code === 'proxy-down' || e.code === 'chat-not-configured') ? e.code : fallback;
    const status = e instanceof ProxyError ? e.status : undefined;
    const retryAfterSeconds = e instanceof ProxyError ? e.retryAfterSeconds : undefined;
    // An embed failure is worth a notice only when nothing more serious follows.
    this.notice = { code, ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
    this.#host.requestUpdate();
    this.#callbacks.onError({
      code,
      message: (e as Error).message ?? String(e),
      ...(status === undefined ? {} : { status }),
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }

  #fail(message: string, code: QuranDaiErrorCode): void {
    this.notice = { code };
    this.status = AskStatus.Failed;
    this.#host.requestUpdate();
    this.#callbacks.onError({ code, message });
  }
}
