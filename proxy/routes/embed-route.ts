/**
 * @module
 * `POST /api/embed` `{ text }` → `EmbedResponse` (data/contracts/embed-request.ts): the query
 * vector from the embedder that matches the served index, cached (LRU) and coalesced.
 * 503 JSON when this proxy has no query embedder (no key, or a browser-embedded index).
 */
import type { Context } from 'hono';
import type { EmbedResponse } from '../../data/contracts/embed-request.js';
import type { Embedder } from '../../data/embed/embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { ProxyEnvBindings } from '../http/app-env.js';
import { jsonError } from '../http/json-error.js';
import { embedCacheKey, type LruCoalescingCache } from '../embed/embed-cache.js';
import { classifyUpstreamError } from '../chat/upstream-error.js';
import type { ProxyMetrics } from '../metrics/proxy-metrics.js';
import { budgetExhaustedError, type BudgetRefusal, type SpendBudget } from '../budget/spend-budget.js';
import { createWorkGate } from '../http/work-gate.js';

export const MAX_EMBED_TEXT_CHARS = 1000;
/**
 * A question's share of a client's embed allowance is its size: one request per started 300
 * bytes of UTF-8 (a short question is 1; 1,000 Chinese characters, 2.7 s of inference, are 10).
 */
export const EMBED_BYTES_PER_REQUEST = 300;
/** Embeddings computed at once; more wait, up to EMBED_QUEUE, then get a 503 to retry. */
export const EMBED_CONCURRENCY = 2;
export const EMBED_QUEUE = 16;

/** How many requests of the client's allowance embedding `text` counts as. */
export function embedWorkUnits(text: string): number {
  return Math.max(1, Math.ceil(new TextEncoder().encode(text).byteLength / EMBED_BYTES_PER_REQUEST));
}
export const EMBED_NOT_CONFIGURED_CODE = 'embed-not-configured';

export interface EmbedRouteOptions {
  /** Reads the JSON body under the size cap (413/400/415 as JSON errors). */
  readonly readBody: (c: Context) => Promise<unknown>;
  readonly embedder: Embedder | null;
  readonly index: VectorIndexManifest | null;
  /** Cached serialised `EmbedResponse` bodies. */
  readonly cache: LruCoalescingCache<string>;
  readonly timeoutMs: number;
  readonly metrics: ProxyMetrics;
  readonly monotonic: () => number;
  /** Global ceiling on upstream embedding calls (cache hits cost nothing and are not counted). */
  readonly budget: SpendBudget;
  /** Embeddings computed at once (default EMBED_CONCURRENCY) and how many more may wait (EMBED_QUEUE). */
  readonly concurrency?: number;
  readonly queue?: number;
}

/** Thrown inside the cache computation so coalesced waiters get the same refusal. */
class BudgetRefused extends Error {
  constructor(readonly refusal: BudgetRefusal) {
    super(refusal.message);
  }
}

/** Thrown inside the cache computation when the client's allowance does not cover the text's size. */
class WorkRefused extends Error {}

export function createEmbedHandler(opts: EmbedRouteOptions) {
  const gate = createWorkGate(opts.concurrency ?? EMBED_CONCURRENCY, opts.queue ?? EMBED_QUEUE);
  return async function embedHandler(c: Context<ProxyEnvBindings>): Promise<Response> {
    const { embedder, index } = opts;
    if (!embedder || !index) {
      throw jsonError(
        503,
        EMBED_NOT_CONFIGURED_CODE,
        index?.embedder === 'local'
          ? 'This index embeds queries in the browser; /api/embed is not used.'
          : 'Query embeddings are not configured on this proxy (set EMBEDDINGS_BASE_URL or GEMINI_API_KEY to the embedder the index was built with); search still works lexically.',
      );
    }
    const body = await opts.readBody(c);
    const text = (body as { text?: unknown } | null)?.text;
    if (typeof text !== 'string') throw jsonError(400, 'invalid-field', 'text: must be a string', { field: 'text' });
    const key = embedCacheKey(text);
    if (!key) throw jsonError(400, 'invalid-field', 'text: is empty', { field: 'text' });
    if (key.length > MAX_EMBED_TEXT_CHARS) throw jsonError(400, 'invalid-field', `text: is longer than ${MAX_EMBED_TEXT_CHARS} characters`, { field: 'text' });

    let result;
    try {
      result = await opts.cache.get(key, async () => {
        // A computed embedding costs the client by its size (a cached one costs nothing more).
        const units = embedWorkUnits(key);
        const charge = c.get('rateLimitCharge');
        if (units > 1 && charge && !(await charge(units - 1))) throw new WorkRefused();
        const refusal = await opts.budget.admit();
        if (refusal) throw new BudgetRefused(refusal);
        const leave = await gate.enter();
        if (!leave) throw new WorkRefused('busy');
        const t0 = opts.monotonic();
        try {
          const [vector] = await embedder.embed([key], 'query', AbortSignal.timeout(opts.timeoutMs));
          if (!vector || vector.length !== index.dims) {
            throw Object.assign(new Error(`embedder returned ${vector?.length ?? 0} dims, index ${index.id} has ${index.dims}`), { mismatch: true });
          }
          opts.metrics.upstream.inc({ kind: 'embed', outcome: 'ok' });
          c.get('logFields').upstreamMs = Math.round(opts.monotonic() - t0);
          const response: EmbedResponse = { embedding: Array.from(vector, round7), dims: index.dims, model: index.model, indexId: index.id };
          return JSON.stringify(response);
        } catch (error) {
          opts.metrics.upstream.inc({ kind: 'embed', outcome: 'error' });
          throw error;
        } finally {
          leave();
          opts.metrics.upstreamDuration.observe({ kind: 'embed' }, (opts.monotonic() - t0) / 1000);
        }
      });
    } catch (error) {
      if (error instanceof WorkRefused) {
        if (error.message === 'busy')
          throw jsonError(503, 'embed-busy', 'The embedding service is busy; try again in a few seconds (search works by keyword meanwhile).', {
            headers: { 'retry-after': '2' },
          });
        throw jsonError(
          429,
          'rate-limited',
          `This question is long: embedding it takes more of the hourly allowance than is left; try a shorter question, or again later.`,
        );
      }
      if (error instanceof BudgetRefused) {
        opts.metrics.budgetRefused.inc({ route: '/api/embed', limit: error.refusal.limit });
        throw budgetExhaustedError(error.refusal);
      }
      // Our embedders throw code `dimension` when the server answers with another model's vectors.
      if ((error as { mismatch?: boolean }).mismatch || (error as { code?: unknown }).code === 'dimension')
        throw jsonError(
          502,
          'embedder-mismatch',
          `The embedder does not match the served index ${index.id} (${index.model}, ${index.dims} dims); point the proxy at the server and model the index was built with, or rebuild the index (npm run build:index).`,
        );
      const f = classifyUpstreamError(error);
      c.get('logFields').errorCode = f.code;
      throw jsonError(
        f.code === 'upstream-rate-limited' ? 503 : f.code === 'upstream-timeout' ? 504 : 502,
        f.code,
        'Query embedding failed upstream; search still works lexically.',
        {
          ...(f.code === 'upstream-rate-limited' ? { headers: { 'retry-after': '60' } } : {}),
        },
      );
    }
    opts.metrics.embedCache.inc({ result: result.source });
    c.get('logFields').cache = result.source;
    return c.body(result.value, 200, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'x-cache': result.source });
  };
}

/** 7 significant digits: float32 precision, half the JSON bytes of the double expansion. */
function round7(x: number): number {
  return Number(x.toPrecision(7));
}
