/**
 * @module
 * The proxy as a Hono app over Web `Request`/`Response` only, so it runs on Node (see
 * server.ts), Deno, Bun or an edge runtime. Everything that touches the outside (corpus,
 * embedder, LLM, files, clock, logs, socket address) is injected, which keeps tests exact.
 * This module holds what every request passes through (log, host check, headers, compression,
 * client address) and composes the sub-apps: the operator's endpoints (routes/ops-app.ts), the
 * API (routes/api-app.ts), then the static files.
 *
 * @example
 * const app = createApp(parseProxyConfig(process.env), { corpus, chat: createChatModel(cfg.chat!) });
 * const res = await app.request('/health');
 */
import { Hono, type Context } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import type { TextTrackId } from '../data/corpus/corpus-types.js';
import type { Corpus } from '../data/corpus/corpus.js';
import { corpusHandle, type CorpusHandle } from './corpus/corpus-handle.js';
import type { Embedder } from '../data/embed/embedder.js';
import type { VectorIndexManifest } from '../data/index/index-manifest.js';
import type { SiteArtefact } from '../data/site/site-artefact-reader.js';
import type { ProxyConfig } from './config/proxy-config.js';
import type { ProxyEnvBindings } from './http/app-env.js';
import { jsonErrorResponse } from './http/json-error.js';
import type { ChatModel } from './chat/chat-model-factory.js';
import { createProxyMetrics, type ProxyMetrics } from './metrics/proxy-metrics.js';
import type { BudgetStore } from './budget/budget-store.js';
import { createMemoryStores, type ProxyStores } from './shared-store/proxy-stores.js';
import { clientAddress } from './middleware/client-address/index.js';
import { hostCheck } from './middleware/host-check/index.js';
import { pagePolicy } from './middleware/page-policy/index.js';
import { clientSignal } from './middleware/client-signal/index.js';
import { compression, WEB_ENCODERS, type EncoderFactory, type Encoding } from './middleware/compression/index.js';
import { isSameOrigin } from './middleware/cors-allowlist/index.js';
import { requestLog } from './middleware/request-log/index.js';
import { createScrubber } from './http/secret-scrubber.js';
import { staticFiles } from './middleware/static-files/index.js';
import type { FileSource } from './middleware/static-files/file-source.js';
import { logSafeJson } from './http/log-safe-json.js';
import type { BodyTextReader } from './http/read-json-body.js';
import { createOpsApp } from './routes/ops-app.js';
import { createApiApp, PAID_API_PATHS } from './routes/api-app.js';

export { PAID_API_PATHS };

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
  /** The corpus, loaded; or a handle that reads it when a route first needs verses (the Worker). */
  readonly corpus: Corpus | CorpusHandle;
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
  /**
   * Compress responses here, and send the data files' brotli copies. Default true; false where the
   * platform compresses at its edge (Cloudflare): compressing there again would spend the Worker's
   * CPU allowance for nothing.
   */
  readonly compress?: boolean;
  /** Adds a translation to `corpus` when an answer first needs it (the Worker's corpus starts with English). */
  readonly loadTrack?: (track: TextTrackId) => Promise<void>;
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
  const corpus = corpusHandle(deps.corpus);
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

  // First: work for a client that has gone must be able to notice it, from the first moment.
  app.use(clientSignal());
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
  if (deps.compress !== false) app.use(compression({ encoders: { ...WEB_ENCODERS, ...deps.encoders } }));
  app.use(clientAddress({ trustProxy: config.trustProxy, remoteAddress: deps.remoteAddress ?? (() => undefined) }));
  const stores = deps.stores ?? createMemoryStores();
  app.route(
    '/',
    createOpsApp({
      corpus,
      index,
      hasEmbedder: embedder !== null,
      chat,
      uptimeSeconds: () => (monotonic() - startedAt) / 1000,
      metrics,
      metricsToken: config.metricsToken,
      behindReverseProxy: config.trustProxy,
      processMemory: deps.processMemory,
      notFound: notFoundResponse,
    }),
  );
  app.route(
    '/',
    createApiApp({
      config,
      corpus,
      index,
      embedder,
      chat,
      siteFor,
      metrics,
      now,
      monotonic,
      logLine: (fields) => write(scrub(logSafeJson(fields))),
      stores,
      budgetStore: deps.budgetStore ?? stores.budget,
      readBodyText: deps.readBodyText,
      webhookFetch: deps.webhookFetch,
      loadTrack: deps.loadTrack,
    }),
  );

  app.on(['GET', 'HEAD', 'OPTIONS'], `${STATIC_MOUNTS.site}/*`, async (c, next) => (siteFor(c) || !site ? next() : notFoundResponse()));
  for (const [mount, prefix] of Object.entries(STATIC_MOUNTS) as [StaticMount, string][]) {
    const source = deps.files?.[mount];
    const immutable = IMMUTABLE_NAMES[mount];
    // Brotli copies made at build time only where this process compresses (not behind Cloudflare's edge).
    if (source)
      app.on(
        ['GET', 'HEAD', 'OPTIONS'],
        prefix ? `${prefix}/*` : '/*',
        staticFiles({ source, prefix, precompressed: deps.compress !== false, ...(immutable ? { immutable } : {}) }),
      );
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

function notFoundResponse(): Response {
  return jsonErrorResponse(404, 'not-found', 'Nothing here. The API lives under /api, data under /data, the widget under /widget.');
}

/** Every route with a label of its own in logs and metrics. */
const ROUTE_LABELS: readonly string[] = ['/health', '/metrics', '/api/config', ...PAID_API_PATHS];

/** Bounded route label for logs and metrics (never a raw, attacker-chosen path). */
export function routeLabel(pathname: string): string {
  if (ROUTE_LABELS.includes(pathname)) return pathname;
  if (pathname.startsWith('/api/')) return '/api/other';
  for (const [mount, prefix] of Object.entries(STATIC_MOUNTS))
    if (prefix && pathname.startsWith(`${prefix}/`)) return `${prefix}/*`.replace('//', '/') || mount;
  return pathname === '/' || pathname === '/index.html' ? '/' : '/static';
}
