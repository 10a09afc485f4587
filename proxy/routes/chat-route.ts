/**
 * @module
 * `POST /api/chat`: validate the request against the corpus, build the Da'i prompt from the
 * proxy's own verse text, and stream the answer as an AI SDK UI message stream (SSE, see
 * docs/adr/0003-chat-stream-protocol.md). The upstream call is aborted when the client
 * disconnects; every upstream failure ends the stream with an `error` then a `finish` part.
 */
import type { Context } from 'hono';
import { UI_MESSAGE_STREAM_HEADERS } from 'ai';
import { answerParts } from '../chat/answer-parts.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { CorpusHandle } from '../corpus/corpus-handle.js';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { ProxyEnvBindings } from '../http/app-env.js';
import { jsonError } from '../http/json-error.js';
import { validateChatRequest } from '../chat/chat-request-schema.js';
import { collectPassages } from '../chat/chat-passages.js';
import { collectSitePassages } from '../chat/site-passages.js';
import type { SiteArtefact } from '../../data/site/site-artefact-reader.js';
import { answerSseStream } from '../chat/answer-stream.js';
import type { AnswerSigner } from '../chat/answer-signer.js';
import { recentTurns, verifyHistory } from '../chat/chat-history.js';
import { CHAT_LIMITS } from '../../data/contracts/chat-request.js';
import type { ChatModel } from '../chat/chat-model-factory.js';
import { buildDaiPrompt } from '../prompt/dai-prompt.js';
import type { ProxyMetrics } from '../metrics/proxy-metrics.js';
import { budgetExhaustedError, type SpendBudget } from '../budget/spend-budget.js';

export const CHAT_NOT_CONFIGURED_CODE = 'chat-not-configured';

export interface ChatRouteOptions {
  /** Reads the JSON body under the size cap (413/400/415 as JSON errors). */
  readonly readBody: (c: Context) => Promise<unknown>;
  readonly corpus: CorpusHandle;
  readonly chat: ChatModel | null;
  readonly upstream: { readonly timeoutMs: number; readonly idleTimeoutMs: number; readonly maxRetries: number };
  readonly logUserText: boolean;
  readonly metrics: ProxyMetrics;
  readonly monotonic: () => number;
  /** Global ceiling over all visitors; checked after validation, so a bad request costs none of it. */
  readonly budget: SpendBudget;
  /** Signs each answer for the history it will come back in, and checks the answers history brings. */
  readonly signer: AnswerSigner;
  /** The mosque's own documents for this request, or null: site passage text always comes from here. */
  readonly site?: SiteArtefact | null | ((c: Context) => SiteArtefact | null);
  /**
   * Adds a translation to the corpus on first use (the Worker starts with English: reading all
   * of them on its first request would cost its CPU allowance). Absent: the corpus has them all.
   */
  readonly loadTrack?: (track: TextTrackId) => Promise<void>;
}

/** Rejects before any work (and before the rate limit counts) when no provider is set. */
export function requireChat(chat: ChatModel | null) {
  return async function requireChatMiddleware(_c: Context, next: () => Promise<void>): Promise<void> {
    if (!chat) {
      throw jsonError(
        503,
        CHAT_NOT_CONFIGURED_CODE,
        'No answer provider is configured on this proxy (set XAI_API_KEY, or another provider); verse search still works.',
      );
    }
    await next();
  };
}

export function createChatHandler(opts: ChatRouteOptions) {
  return async function chatHandler(c: Context<ProxyEnvBindings>): Promise<Response> {
    const chat = opts.chat!;
    const body = await opts.readBody(c);
    const site = (typeof opts.site === 'function' ? opts.site(c) : opts.site) ?? null;
    const corpus = await opts.corpus.whole();
    const v = validateChatRequest(body, corpus, undefined, site ? { version: site.manifest.version, chunkCount: site.chunks.length } : null);
    if (!v.ok) throw jsonError(400, v.issue.code, v.issue.message, { field: v.issue.field });
    const req = v.value;
    const refusal = await opts.budget.admit();
    if (refusal) {
      opts.metrics.budgetRefused.inc({ route: '/api/chat', limit: refusal.limit });
      throw budgetExhaustedError(refusal);
    }
    // A translation that cannot be read now leaves the passages in English, as a missing one does.
    await opts.loadTrack?.(req.translation ?? 'en').catch(() => undefined);
    const track = pickTrack(corpus, req.translation ?? 'en');
    const passages = collectPassages(req.checked, corpus, track ?? 'en');
    const history = await verifyHistory(req.history, opts.signer);
    const prompt = buildDaiPrompt({
      question: req.question,
      history: recentTurns(history.turns, CHAT_LIMITS.maxHistoryVisitorChars),
      passages,
      ...(req.lang ? { lang: req.lang } : {}),
      ...(track ? { translationName: corpus.trackName(track) ?? track } : {}),
      ...(req.explain ? { explain: req.explain } : {}),
      ...(site ? { site: collectSitePassages(req.siteChunks, site.chunks) } : {}),
    });

    const fields = c.get('logFields');
    fields.provider = chat.provider;
    fields.model = chat.modelId;
    fields.verses = req.checked.length;
    if (req.siteChunks.length) fields.sitePassages = req.siteChunks.length;
    if (history.dropped > 0) fields.historyDropped = history.dropped;
    if (opts.logUserText) fields.question = req.question;

    const clientSignal = c.req.raw.signal;
    // Aborted by the client leaving, or by the relay when the answer is cut: either way the
    // provider's connection closes and stops generating.
    const upstreamStop = new AbortController();
    const promptChars = prompt.system.length + prompt.messages.reduce((n, m) => n + m.content.length, 0);
    const t0 = opts.monotonic();
    let lastError: unknown;
    let usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined;
    let resolveLog!: () => void;
    c.set('logUntil', new Promise<void>((r) => (resolveLog = r)));
    opts.metrics.activeStreams.inc();

    const parts = answerParts({
      model: chat.model,
      prompt,
      maxOutputTokens: chat.maxOutputTokens,
      temperature: chat.temperature,
      maxRetries: opts.upstream.maxRetries,
      abortSignal: AbortSignal.any([clientSignal, upstreamStop.signal]),
      timeout: { totalMs: opts.upstream.timeoutMs, chunkMs: opts.upstream.idleTimeoutMs },
      onError: (error) => {
        lastError = error;
      },
      onFinish: (reported) => {
        usage = reported;
      },
    });
    const stream = answerSseStream(parts, {
      clientGone: () => clientSignal.aborted,
      lastError: () => lastError,
      now: opts.monotonic,
      signAnswer: (text) => opts.signer.sign(req.question, text),
      stopUpstream: () => upstreamStop.abort(),
      onEnd: (end) => {
        opts.metrics.activeStreams.dec();
        opts.metrics.upstream.inc({ kind: 'chat', outcome: end.failure?.code ?? end.outcome });
        opts.metrics.upstreamDuration.observe({ kind: 'chat' }, (opts.monotonic() - t0) / 1000);
        fields.outcome = end.outcome;
        if (end.failure) fields.errorCode = end.failure.code;
        if (end.firstTextMs !== undefined) fields.upstreamMs = Math.round(end.firstTextMs);
        // onFinish runs just before the last part; give it a tick when the stream ended normally.
        queueMicrotask(() => {
          const spent = tokensSpent(usage, promptChars, end.generatedChars);
          fields.tokensIn = spent.input;
          fields.tokensOut = spent.output;
          if (spent.estimated) fields.tokensEstimated = true;
          for (const direction of ['input', 'output'] as const) {
            if (!spent[direction]) continue;
            opts.metrics.tokens.inc({ direction }, spent[direction]);
            if (spent.estimated) opts.metrics.tokensEstimated.inc({ direction }, spent[direction]);
          }
          // A store that fails (a shared one that is down) must not break the answer already sent.
          void opts.budget.recordTokens(spent.input + spent.output).catch(() => undefined);
          resolveLog();
        });
      },
    });
    return new Response(stream, { headers: { ...UI_MESSAGE_STREAM_HEADERS, 'cache-control': 'no-store, no-transform' } });
  };
}

/** Characters per token when a usage report must be estimated: a common rule of thumb for English; other scripts use more tokens, so it errs low. */
export const CHARS_PER_TOKEN = 4;

/**
 * Tokens an answer cost: the provider's report, or, when it never came (the visitor left before
 * the usage frame, the relay cut the answer, the upstream failed), an estimate from the prompt
 * and what the upstream generated, reasoning included. Abandoned answers used to count 0 against
 * the budget, and later only their text: 6,000 characters of reasoning counted 29 tokens.
 */
export function tokensSpent(
  usage: { inputTokens?: number | undefined; outputTokens?: number | undefined } | undefined,
  promptChars: number,
  generatedChars: number,
): { input: number; output: number; estimated: boolean } {
  if (usage?.outputTokens !== undefined) return { input: usage.inputTokens ?? 0, output: usage.outputTokens, estimated: false };
  return { input: Math.ceil(promptChars / CHARS_PER_TOKEN), output: Math.ceil(generatedChars / CHARS_PER_TOKEN), estimated: true };
}

function pickTrack(corpus: Corpus, wanted: TextTrackId): TextTrackId | undefined {
  if (corpus.hasTrack(wanted)) return wanted;
  return corpus.hasTrack('en') ? 'en' : undefined;
}
