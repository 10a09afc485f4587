/**
 * @module
 * The API as a Hono sub-app: `GET /api/config` (public: what a page may use) and the paid POST
 * endpoints (embed, chat, suggest, feedback), each behind the origin/token check, its rate limit
 * and, for the LLM and the embedder, the global spend budget. The handlers live in their route
 * modules; this wires them to the shared stores, budgets and the answer signer.
 */
import { createAnswerRatings } from '../feedback/answer-ratings.js';
import { Hono, type Context } from 'hono';
import { CHAT_LIMITS } from '../../data/contracts/chat-request.js';
import { FEEDBACK_LIMITS } from '../../data/contracts/feedback-request.js';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { CorpusHandle } from '../corpus/corpus-handle.js';
import type { Embedder } from '../../data/embed/embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { SiteArtefact } from '../../data/site/site-artefact-reader.js';
import type { ProxyConfig } from '../config/proxy-config.js';
import type { ProxyEnvBindings } from '../http/app-env.js';
import { jsonErrorResponse } from '../http/json-error.js';
import { readJsonBody, type BodyTextReader } from '../http/read-json-body.js';
import type { ChatModel } from '../chat/chat-model-factory.js';
import { createAnswerSigner } from '../chat/answer-signer.js';
import { LruCoalescingCache } from '../embed/embed-cache.js';
import type { ProxyMetrics } from '../metrics/proxy-metrics.js';
import type { BudgetStore } from '../budget/budget-store.js';
import { SpendBudget } from '../budget/spend-budget.js';
import type { ProxyStores } from '../shared-store/proxy-stores.js';
import { apiAccess } from '../middleware/api-access/index.js';
import { createOriginCheck } from '../middleware/cors-allowlist/index.js';
import { rateLimit } from '../middleware/rate-limit/index.js';
import { createFeedbackWebhook } from '../feedback/feedback-webhook.js';
import { createSuggestHandler } from './suggest-route.js';
import { createChatHandler, requireChat } from './chat-route.js';
import { createEmbedHandler } from './embed-route.js';
import { createFeedbackHandler, feedbackEnabled } from './feedback-route.js';
import { widgetConfig } from './info-routes.js';

/**
 * The API's POST endpoints, written once: each answers only allowed pages and the operator's
 * token (they cost money or keep data), and a GET on one says how it is used.
 */
export const PAID_API_PATHS = ['/api/embed', '/api/chat', '/api/suggest', '/api/feedback'] as const;

/** A misconfigured site is one origin; a scanner sending thousands must not grow the log set forever. */
const MAX_LOGGED_REFUSED_ORIGINS = 100;

export interface ApiAppOptions {
  readonly config: ProxyConfig;
  readonly corpus: CorpusHandle;
  readonly index: VectorIndexManifest | null;
  readonly embedder: Embedder | null;
  readonly chat: ChatModel | null;
  /** The mosque's documents for this request (null for a page they must not reach). */
  readonly siteFor: (c: Context) => SiteArtefact | null;
  readonly metrics: ProxyMetrics;
  readonly now: () => number;
  readonly monotonic: () => number;
  /** Writes one log line, already scrubbed of secrets. */
  readonly logLine: (fields: Record<string, unknown>) => void;
  readonly stores: ProxyStores;
  readonly budgetStore: BudgetStore;
  readonly readBodyText: BodyTextReader | undefined;
  readonly webhookFetch: typeof fetch | undefined;
  /** A translation the corpus reads on first use (ProxyDeps.loadTrack). */
  readonly loadTrack: ((track: TextTrackId) => Promise<void>) | undefined;
}

export function createApiApp(o: ApiAppOptions): Hono<ProxyEnvBindings> {
  const { config, corpus, index, embedder, chat, metrics, now, monotonic, stores } = o;
  const api = new Hono<ProxyEnvBindings>();
  // Paid endpoints answer allowed pages and the operator's token; /api/config is public and tells each page what it may use.
  const paid = apiAccess({ allowedOrigins: config.allowedOrigins, apiToken: config.apiToken });
  for (const path of PAID_API_PATHS) api.use(path, paid);
  const originAllowed = createOriginCheck(config.allowedOrigins);

  const feedbackRoute = {
    log: config.feedback.log,
    webhook: config.feedback.webhookUrl
      ? createFeedbackWebhook({
          url: config.feedback.webhookUrl,
          timeoutMs: config.feedback.webhookTimeoutMs,
          ...(o.webhookFetch ? { fetch: o.webhookFetch } : {}),
          onOutcome: (outcome, detail) => {
            metrics.feedbackWebhook.inc({ outcome });
            if (outcome !== 'delivered') o.logLine({ time: new Date(now()).toISOString(), event: 'feedback-webhook', outcome, detail });
          },
        })
      : null,
  };
  /** Origins already logged as not allowed: one line each, and a bounded set (origins are the caller's choice). */
  const refusedOrigins = new Set<string>();
  api.get('/api/config', (c) => {
    const origin = c.req.header('origin');
    const allowed = origin === undefined || originAllowed(origin, c);
    const site = o.siteFor(c);
    const body = widgetConfig(corpus.manifest, index, allowed && embedder !== null, allowed && chat !== null, {
      feedback: allowed && feedbackEnabled(feedbackRoute),
      suggest: allowed && chat !== null && config.suggestTimeoutMs > 0,
      publicBase: config.dataPublicUrl,
      site: site ? { version: site.manifest.version, baseUrl: config.siteBaseUrl } : null,
    });
    if (!allowed && origin !== undefined && refusedOrigins.size < MAX_LOGGED_REFUSED_ORIGINS && !refusedOrigins.has(origin)) {
      refusedOrigins.add(origin);
      o.logLine({
        time: new Date(now()).toISOString(),
        event: 'origin-not-allowed',
        origin: origin.slice(0, 200),
        fix: 'add this origin to ALLOWED_ORIGINS for written answers and meaning search on its pages',
      });
    }
    return c.json(allowed ? body : { ...body, originAllowed: false }, 200, { 'cache-control': 'no-cache', 'access-control-allow-origin': '*', vary: 'Origin' });
  });

  const b = config.budget;
  const chatBudget = new SpendBudget({
    name: 'chat',
    store: o.budgetStore,
    now,
    limits: {
      requestsPerHour: b.chatRequestsPerHour,
      requestsPerDay: b.chatRequestsPerDay,
      tokensPerHour: b.chatTokensPerHour,
      tokensPerDay: b.chatTokensPerDay,
    },
    settingNames: {
      requestsPerHour: 'BUDGET_CHAT_REQUESTS_PER_HOUR',
      requestsPerDay: 'BUDGET_CHAT_REQUESTS_PER_DAY',
      tokensPerHour: 'BUDGET_CHAT_TOKENS_PER_HOUR',
      tokensPerDay: 'BUDGET_CHAT_TOKENS_PER_DAY',
    },
  });
  const embedBudget = new SpendBudget({
    name: 'embed',
    store: o.budgetStore,
    now,
    limits: { requestsPerHour: b.embedRequestsPerHour, requestsPerDay: b.embedRequestsPerDay },
    settingNames: { requestsPerHour: 'BUDGET_EMBED_REQUESTS_PER_HOUR', requestsPerDay: 'BUDGET_EMBED_REQUESTS_PER_DAY' },
  });

  const readBody = (c: Context) => readJsonBody(c, CHAT_LIMITS.maxBodyBytes, o.readBodyText);
  // One key signs answers (chat) and checks the answers visitors rate (feedback).
  const signer = createAnswerSigner(config.answerSigningKey);
  const limited = (name: 'chat' | 'embed' | 'feedback' | 'suggest', limit: number) =>
    rateLimit({
      limit,
      name,
      now,
      windowMs: config.rateLimits.windowMs,
      store: stores.rateLimit(name),
      onLimited: () => metrics.rateLimited.inc({ route: `/api/${name}` }),
    });

  api.post(
    '/api/embed',
    limited('embed', config.rateLimits.embedPerHour),
    createEmbedHandler({
      readBody,
      embedder,
      index,
      cache: new LruCoalescingCache<string>({ maxEntries: config.embedCacheSize, shared: index ? stores.embedCache(index.id) : null }),
      timeoutMs: config.upstream.timeoutMs,
      metrics,
      monotonic,
      budget: embedBudget,
    }),
  );
  api.post(
    '/api/chat',
    requireChat(chat),
    limited('chat', config.rateLimits.chatPerHour),
    createChatHandler({
      readBody,
      corpus,
      chat,
      upstream: config.upstream,
      logUserText: config.logUserText,
      metrics,
      monotonic,
      budget: chatBudget,
      signer,
      site: o.siteFor,
      ...(o.loadTrack ? { loadTrack: o.loadTrack } : {}),
    }),
  );
  // One suggestion per question, like the answer: the same hourly limit, counted apart.
  api.post(
    '/api/suggest',
    limited('suggest', config.rateLimits.chatPerHour),
    createSuggestHandler({
      readBody,
      corpus,
      chat,
      timeoutMs: config.suggestTimeoutMs,
      cache: new LruCoalescingCache<string>({ maxEntries: config.embedCacheSize, shared: stores.embedCache(`suggest:${chat?.modelId ?? 'none'}`) }),
      metrics,
      monotonic,
      budget: chatBudget,
      logUserText: config.logUserText,
    }),
  );
  api.post(
    '/api/feedback',
    limited('feedback', config.rateLimits.feedbackPerHour),
    createFeedbackHandler({
      ...feedbackRoute,
      signer,
      answerRatings: createAnswerRatings({ now }),
      readBody: (c) => readJsonBody(c, FEEDBACK_LIMITS.maxBodyBytes, o.readBodyText),
      corpus,
      logUserText: config.logUserText,
      metrics,
      now,
    }),
  );

  // A site owner opening an API address in the browser learns how it is used, not "Nothing here".
  for (const path of PAID_API_PATHS) {
    api.on(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], path, () =>
      jsonErrorResponse(405, 'method-not-allowed', `${path} takes a POST with a JSON body (the README lists the endpoints).`, {
        headers: { allow: 'POST, OPTIONS' },
      }),
    );
  }
  return api;
}
