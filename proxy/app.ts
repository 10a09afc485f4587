/**
 * @module
 * The proxy as a Hono app over Web `Request`/`Response` only, so it runs on Node (see
 * server.ts), Deno, Bun or an edge runtime. Everything that touches the outside (corpus,
 * embedder, LLM, files, clock, logs, socket address) is injected, which keeps tests exact.
 *
 * @example
 * const app = createApp(parseProxyConfig(process.env), { corpus, chat: createChatModel(cfg.chat!) });
 * const res = await app.request('/health');
 */
import { Hono, type Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import { CHAT_LIMITS } from '../data/contracts/chat-request.js';
import type { Corpus } from '../data/corpus/corpus.js';
import type { Embedder } from '../data/embed/embedder.js';
import type { VectorIndexManifest } from '../data/index/index-manifest.js';
import type { SiteArtefact } from '../data/site/site-artefact-reader.js';
import type { ProxyConfig } from './config/proxy-config.js';
import type { ProxyEnvBindings } from './http/app-env.js';
import { jsonErrorResponse } from './http/json-error.js';
import { readJsonBody, type BodyTextReader } from './http/read-json-body.js';
import type { ChatModel } from './chat/chat-model-factory.js';
import { createAnswerSigner } from './chat/answer-signer.js';
import { LruCoalescingCache } from './embed/embed-cache.js';
import { createProxyMetrics, type ProxyMetrics } from './metrics/proxy-metrics.js';
import type { BudgetStore } from './budget/budget-store.js';
import { createMemoryStores, type ProxyStores } from './shared-store/proxy-stores.js';
import { SpendBudget } from './budget/spend-budget.js';
import { PROMETHEUS_CONTENT_TYPE } from './metrics/metrics-registry.js';
import { clientAddress } from './middleware/client-address/index.js';
import { hostCheck } from './middleware/host-check/index.js';
import { metricsAccess } from './middleware/metrics-access/index.js';
import { pagePolicy } from './middleware/page-policy/index.js';
import { compression, WEB_ENCODERS, type EncoderFactory, type Encoding } from './middleware/compression/index.js';
import { apiAccess } from './middleware/api-access/index.js';
import { createOriginCheck, isSameOrigin } from './middleware/cors-allowlist/index.js';
import { rateLimit } from './middleware/rate-limit/index.js';
import { requestLog } from './middleware/request-log/index.js';
import { createScrubber } from './http/secret-scrubber.js';
import { staticFiles } from './middleware/static-files/index.js';
import type { FileSource } from './middleware/static-files/file-source.js';
import { createSuggestHandler } from './routes/suggest-route.js';
import { createChatHandler, requireChat } from './routes/chat-route.js';
import { createEmbedHandler } from './routes/embed-route.js';
import { createFeedbackHandler, feedbackEnabled } from './routes/feedback-route.js';
import { createFeedbackWebhook } from './feedback/feedback-webhook.js';
import { FEEDBACK_LIMITS } from '../data/contracts/feedback-request.js';
import { healthBody, widgetConfig } from './routes/info-routes.js';
import { logSafeJson } from './http/log-safe-json.js';

/** Static mounts: URL prefix → what is served there. */
export const STATIC_MOUNTS = {
  widget: '/widget',
  corpus: '/data/corpus',
  topics: '/data/topics',
  index: '/data/index',
  site: '/data/site',
  models: '/models',
  ort: '/runtime/ort',
  fonts: '/fonts',
  demo: '',
} as const;
export type StaticMount = keyof typeof STATIC_MOUNTS;

/**
 * Mounts whose content-hashed names differ from the default `name.<hex>.ext`: Vite names
 * lazy widget chunks `name-<8 base64url>.js`; the entry `quran-dai.js` stays revalidated.
 */
export const IMMUTABLE_NAMES: Partial<Record<StaticMount, RegExp>> = {
  widget: /-[A-Za-z0-9_-]{8}\.js$/,
};

export interface ProxyDeps {
  readonly corpus: Corpus;
  /** Served vector index, or null (lexical only). */
  readonly index?: VectorIndexManifest | null;
  /** The mosque's own documents (`npm run build:site`), or null: none. */
  readonly site?: SiteArtefact | null;
  /** Query embedder matching `index`, or null (`/api/embed` answers 503). */
  readonly embedder?: Embedder | null;
  /** LLM, or null (`/api/chat` answers 503). Build it with `createChatModel`. */
  readonly chat?: ChatModel | null;
  /** Static file sources per mount; a missing mount is simply not served. */
  readonly files?: Partial<Record<StaticMount, FileSource>>;
  /** Wall clock, ms (rate-limit windows, log timestamps). Default `Date.now`. */
  readonly now?: () => number;
  /** Monotonic clock, ms (durations). Default `performance.now`. */
  readonly monotonic?: () => number;
  /** Log sink, one JSON line per call. Default `console.log`. */
  readonly log?: (line: string) => void;
  /** Socket address of the client (Node: `getConnInfo(c).remote.address`). */
  readonly remoteAddress?: (c: Context) => string | undefined;
  /** Extra response encoders (Node adds brotli). Default gzip + deflate. */
  readonly encoders?: Partial<Record<Encoding, EncoderFactory>>;
  readonly metrics?: ProxyMetrics;
  /** Request body reader with a byte cap. Default: the Web body; Node passes `nodeBodyTextReader`. */
  readonly readBodyText?: BodyTextReader;
  /** Rate-limit windows, budget counters and the shared embed cache. Default: this process's memory. */
  readonly stores?: ProxyStores;
  /** Where spend-budget counters live. Default: `stores.budget`. */
  readonly budgetStore?: BudgetStore;
  /** fetch for FEEDBACK_WEBHOOK_URL calls. Default the global `fetch`. */
  readonly webhookFetch?: typeof fetch;
  /** Memory of this process for `/metrics` (Node: `process.memoryUsage`). Default: not reported. */
  readonly processMemory?: () => { readonly residentBytes: number; readonly heapUsedBytes: number; readonly externalBytes: number };
}

export type ProxyApp = Hono<ProxyEnvBindings>;

export function createApp(config: ProxyConfig, deps: ProxyDeps): ProxyApp {
  const now = deps.now ?? Date.now;
  const monotonic = deps.monotonic ?? (() => performance.now());
  const startedAt = monotonic();
  const metrics = deps.metrics ?? createProxyMetrics();
  const index = deps.index ?? null;
  const embedder = deps.embedder ?? null;
  const chat = deps.chat ?? null;
  const site = deps.site ?? null;
  /**
   * The demo mosque's made-up documents (SITE_DEMO_ONLY) reach only this proxy's own pages: a
   * page elsewhere, even one ALLOWED_ORIGINS lets in, gets no site (ADR 0021). A request with no
   * Origin is not from another page.
   */
  const siteFor = (c: Context): SiteArtefact | null => {
    if (!site || !config.siteDemoOnly) return site;
    const origin = c.req.header('origin');
    return origin === undefined || isSameOrigin(origin, c) ? site : null;
  };
  const write = deps.log ?? ((line: string) => console.log(line));
  const scrub = createScrubber(config.secrets);
  const app = new Hono<ProxyEnvBindings>();

  app.use(
    requestLog({
      // requestLog scrubs its lines with these secrets; `scrub` is for the app's own error lines.
      write,
      now: monotonic,
      wallClock: now,
      secrets: config.secrets,
      routeOf: (c) => routeLabel(c.req.path),
      onEntry: (e) => {
        metrics.requests.inc({ route: e.route, method: e.method, status: String(e.status) });
        metrics.duration.observe({ route: e.route }, e.durationMs / 1000);
      },
    }),
  );
  app.use(hostCheck({ publicOrigins: config.publicOrigins }));
  // Referrer-Policy stays secureHeaders' no-referrer: a shared question can be in the page URL, and quran.com links must not carry it.
  app.use(secureHeaders({ crossOriginResourcePolicy: 'cross-origin', crossOriginOpenerPolicy: false, xFrameOptions: 'SAMEORIGIN' }));
  app.use(pagePolicy());
  app.use(compression({ encoders: { ...WEB_ENCODERS, ...deps.encoders } }));
  app.use(clientAddress({ trustProxy: config.trustProxy, remoteAddress: deps.remoteAddress ?? (() => undefined) }));
  // Paid endpoints answer allowed pages and the operator's token; /api/config is public and tells each page what it may use.
  const paid = apiAccess({ allowedOrigins: config.allowedOrigins, apiToken: config.apiToken });
  for (const path of PAID_API_PATHS) app.use(path, paid);
  const originAllowed = createOriginCheck(config.allowedOrigins);

  app.get('/health', (c) => c.json(healthBody(deps.corpus, index, embedder !== null, chat, (monotonic() - startedAt) / 1000), 200, { 'cache-control': 'no-store' }));
  app.get('/metrics', metricsAccess({ token: config.metricsToken, behindReverseProxy: config.trustProxy, notFound: notFoundResponse }), (c) => {
    const memory = deps.processMemory?.();
    if (memory) {
      metrics.residentMemory.set({}, memory.residentBytes);
      metrics.heapUsed.set({}, memory.heapUsedBytes);
      metrics.externalMemory.set({}, memory.externalBytes);
    }
    return c.body(metrics.registry.render(), 200, { 'content-type': PROMETHEUS_CONTENT_TYPE, 'cache-control': 'no-store' });
  });
  const feedbackRoute = {
    log: config.feedback.log,
    webhook: config.feedback.webhookUrl
      ? createFeedbackWebhook({
          url: config.feedback.webhookUrl,
          timeoutMs: config.feedback.webhookTimeoutMs,
          ...(deps.webhookFetch ? { fetch: deps.webhookFetch } : {}),
          onOutcome: (outcome, detail) => {
            metrics.feedbackWebhook.inc({ outcome });
            if (outcome !== 'delivered') write(scrub(logSafeJson({ time: new Date(now()).toISOString(), event: 'feedback-webhook', outcome, detail })));
          },
        })
      : null,
  };
  /** Origins already logged as not allowed: one line each, and a bounded set (origins are the caller's choice). */
  const refusedOrigins = new Set<string>();
  app.get('/api/config', (c) => {
    const origin = c.req.header('origin');
    const allowed = origin === undefined || originAllowed(origin, c);
    const body = widgetConfig(deps.corpus, index, allowed && embedder !== null, allowed && chat !== null, {
      feedback: allowed && feedbackEnabled(feedbackRoute),
      suggest: allowed && chat !== null && config.suggestTimeoutMs > 0,
      publicBase: config.dataPublicUrl,
      site: siteFor(c) ? { version: site!.manifest.version, baseUrl: config.siteBaseUrl } : null,
    });
    if (!allowed && origin !== undefined && refusedOrigins.size < MAX_LOGGED_REFUSED_ORIGINS && !refusedOrigins.has(origin)) {
      refusedOrigins.add(origin);
      write(scrub(logSafeJson({ time: new Date(now()).toISOString(), event: 'origin-not-allowed', origin: origin.slice(0, 200), fix: 'add this origin to ALLOWED_ORIGINS for written answers and meaning search on its pages' })));
    }
    return c.json(allowed ? body : { ...body, originAllowed: false }, 200, { 'cache-control': 'no-cache', 'access-control-allow-origin': '*', vary: 'Origin' });
  });

  const stores = deps.stores ?? createMemoryStores();
  const budgetStore = deps.budgetStore ?? stores.budget;
  const b = config.budget;
  const chatBudget = new SpendBudget({
    name: 'chat',
    store: budgetStore,
    now,
    limits: { requestsPerHour: b.chatRequestsPerHour, requestsPerDay: b.chatRequestsPerDay, tokensPerHour: b.chatTokensPerHour, tokensPerDay: b.chatTokensPerDay },
    settingNames: { requestsPerHour: 'BUDGET_CHAT_REQUESTS_PER_HOUR', requestsPerDay: 'BUDGET_CHAT_REQUESTS_PER_DAY', tokensPerHour: 'BUDGET_CHAT_TOKENS_PER_HOUR', tokensPerDay: 'BUDGET_CHAT_TOKENS_PER_DAY' },
  });
  const embedBudget = new SpendBudget({
    name: 'embed',
    store: budgetStore,
    now,
    limits: { requestsPerHour: b.embedRequestsPerHour, requestsPerDay: b.embedRequestsPerDay },
    settingNames: { requestsPerHour: 'BUDGET_EMBED_REQUESTS_PER_HOUR', requestsPerDay: 'BUDGET_EMBED_REQUESTS_PER_DAY' },
  });

  const readBody = (c: Context) => readJsonBody(c, CHAT_LIMITS.maxBodyBytes, deps.readBodyText);
  // One key signs answers (chat) and checks the answers visitors rate (feedback).
  const signer = createAnswerSigner(config.answerSigningKey);
  const limited = (name: 'chat' | 'embed' | 'feedback' | 'suggest', limit: number) =>
    rateLimit({ limit, name, now, windowMs: config.rateLimits.windowMs, store: stores.rateLimit(name), onLimited: () => metrics.rateLimited.inc({ route: `/api/${name}` }) });

  app.post('/api/embed', limited('embed', config.rateLimits.embedPerHour), createEmbedHandler({
    readBody,
    embedder,
    index,
    cache: new LruCoalescingCache<string>({ maxEntries: config.embedCacheSize, shared: index ? stores.embedCache(index.id) : null }),
    timeoutMs: config.upstream.timeoutMs,
    metrics,
    monotonic,
    budget: embedBudget,
  }));
  app.post('/api/chat', requireChat(chat), limited('chat', config.rateLimits.chatPerHour), createChatHandler({
    readBody,
    corpus: deps.corpus,
    chat,
    upstream: config.upstream,
    logUserText: config.logUserText,
    metrics,
    monotonic,
    budget: chatBudget,
    signer,
    site: siteFor,
  }));

  // One suggestion per question, like the answer: the same hourly limit, counted apart.
  app.post('/api/suggest', limited('suggest', config.rateLimits.chatPerHour), createSuggestHandler({
    readBody,
    corpus: deps.corpus,
    chat,
    timeoutMs: config.suggestTimeoutMs,
    cache: new LruCoalescingCache<string>({ maxEntries: config.embedCacheSize, shared: stores.embedCache(`suggest:${chat?.modelId ?? 'none'}`) }),
    metrics,
    monotonic,
    budget: chatBudget,
    logUserText: config.logUserText,
  }));

  app.post('/api/feedback', limited('feedback', config.rateLimits.feedbackPerHour), createFeedbackHandler({
    ...feedbackRoute,
    signer,
    readBody: (c) => readJsonBody(c, FEEDBACK_LIMITS.maxBodyBytes, deps.readBodyText),
    corpus: deps.corpus,
    logUserText: config.logUserText,
    metrics,
    now,
  }));

  // A site owner opening an API address in the browser learns how it is used, not "Nothing here".
  for (const path of PAID_API_PATHS) {
    app.on(['GET', 'HEAD', 'PUT', 'PATCH', 'DELETE'], path, () =>
      jsonErrorResponse(405, 'method-not-allowed', `${path} takes a POST with a JSON body (the README lists the endpoints).`, { headers: { allow: 'POST, OPTIONS' } }),
    );
  }

  app.on(['GET', 'HEAD', 'OPTIONS'], `${STATIC_MOUNTS.site}/*`, async (c, next) => (siteFor(c) || !site ? next() : notFoundResponse()));
  for (const [mount, prefix] of Object.entries(STATIC_MOUNTS) as [StaticMount, string][]) {
    const source = deps.files?.[mount];
    const immutable = IMMUTABLE_NAMES[mount];
    if (source) app.on(['GET', 'HEAD', 'OPTIONS'], prefix ? `${prefix}/*` : '/*', staticFiles({ source, prefix, ...(immutable ? { immutable } : {}) }));
  }

  app.notFound(notFoundResponse);
  app.onError((error, c) => {
    if (error instanceof HTTPException) return error.getResponse();
    c.get('logFields').errorCode = 'internal-error';
    write(scrub(logSafeJson({ time: new Date(now()).toISOString(), level: 'error', route: routeLabel(c.req.path), error: (error as Error)?.name ?? 'Error' })));
    return jsonErrorResponse(500, 'internal-error', 'Something went wrong in the proxy.');
  });
  return app;
}

/** A misconfigured site is one origin; a scanner sending thousands must not grow the log set forever. */
const MAX_LOGGED_REFUSED_ORIGINS = 100;

function notFoundResponse(): Response {
  return jsonErrorResponse(404, 'not-found', 'Nothing here. The API lives under /api, data under /data, the widget under /widget.');
}

/**
 * The API's POST endpoints, written once: each answers only allowed pages and the operator's
 * token (they cost money or keep data), and a GET on one says how it is used.
 */
export const PAID_API_PATHS = ['/api/embed', '/api/chat', '/api/suggest', '/api/feedback'] as const;

/** Every route with a label of its own in logs and metrics. */
const ROUTE_LABELS: readonly string[] = ['/health', '/metrics', '/api/config', ...PAID_API_PATHS];

/** Bounded route label for logs and metrics (never a raw, attacker-chosen path). */
export function routeLabel(pathname: string): string {
  if (ROUTE_LABELS.includes(pathname)) return pathname;
  if (pathname.startsWith('/api/')) return '/api/other';
  for (const [mount, prefix] of Object.entries(STATIC_MOUNTS)) if (prefix && pathname.startsWith(`${prefix}/`)) return `${prefix}/*`.replace('//', '/') || mount;
  return pathname === '/' || pathname === '/index.html' ? '/' : '/static';
}
