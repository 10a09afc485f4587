/**
 * `Embedder` over Gemini embeddings (`gemini-embedding-001`) through @ai-sdk/google and
 * `embedMany` from `ai`. Used by the index builder (documents) and the proxy's `/api/embed`
 * (queries). No `node:` imports: it runs in Node, Workers and edge runtimes.
 *
 * Why we normalise: Gemini only returns unit vectors at the full 3072 dims; truncated
 * (Matryoshka) outputs such as 768 must be L2-normalised before cosine = dot product.
 *
 * Retries (429, 5xx, network drops, Google's RetryInfo waits) go through embed-retry.ts.
 *
 * @see https://ai.google.dev/gemini-api/docs/embeddings
 * @example
 * const embedder = new GeminiEmbedder({ apiKey: env.GEMINI_API_KEY, dims: 768 });
 * const [vector] = await embedder.embed(['what is patience?'], 'query', signal);
 */
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { APICallError, embedMany } from 'ai';
import { withEmbedRetries } from './embed-retry.js';
import { l2Normalize } from './l2-normalize.js';
import type { EmbedTask, Embedder } from './embedder.js';

export type GeminiTaskType = 'RETRIEVAL_DOCUMENT' | 'RETRIEVAL_QUERY' | 'SEMANTIC_SIMILARITY' | 'QUESTION_ANSWERING' | 'FACT_VERIFICATION';

export interface GeminiEmbedderOptions {
  /** Gemini API key (sent as `x-goog-api-key`). Required. */
  apiKey: string;
  /** API base URL including the version path. Default `https://generativelanguage.googleapis.com/v1beta`. */
  baseURL?: string;
  /** Model id. Default `gemini-embedding-001`. */
  model?: string;
  /** `outputDimensionality`, must match the index. Default 768. */
  dims?: number;
  /** Texts per `batchEmbedContents` call (Google allows at most 100). Default 100. */
  batchSize?: number;
  /** Batches in flight at once. Default 1 (be gentle with quotas). */
  maxParallelCalls?: number;
  /** Retries per batch after a retryable failure (429, 408, 409, 5xx, network). Default 4. */
  maxRetries?: number;
  /** First backoff delay; doubles per retry. A server-given delay (Google's RetryInfo, `Retry-After`) wins. Default 1000 ms. */
  retryDelayMs?: number;
  /** Longest single backoff delay. Default 30000 ms. */
  maxRetryDelayMs?: number;
  /** Task type for index documents. Default `RETRIEVAL_DOCUMENT`. */
  documentTask?: GeminiTaskType;
  /** Task type for live queries. Default `RETRIEVAL_QUERY`. */
  queryTask?: GeminiTaskType;
  /** Custom fetch (tests, proxies, instrumentation). Default the global fetch. */
  fetch?: typeof globalThis.fetch;
}

type ResolvedOptions = Required<Omit<GeminiEmbedderOptions, 'fetch'>> & Pick<GeminiEmbedderOptions, 'fetch'>;

export const DEFAULT_GEMINI_EMBEDDER_OPTIONS: Readonly<Omit<ResolvedOptions, 'apiKey' | 'fetch'>> = {
  baseURL: 'https://generativelanguage.googleapis.com/v1beta',
  model: 'gemini-embedding-001',
  dims: 768,
  batchSize: 100,
  maxParallelCalls: 1,
  maxRetries: 4,
  retryDelayMs: 1000,
  maxRetryDelayMs: 30_000,
  documentTask: 'RETRIEVAL_DOCUMENT',
  queryTask: 'RETRIEVAL_QUERY',
};

/** Google's hard limit per batchEmbedContents call. */
export const GEMINI_MAX_BATCH_SIZE = 100;

export type GeminiEmbedderErrorCode = 'config' | 'upstream' | 'dimension' | 'aborted';

export class GeminiEmbedderError extends Error {
  override readonly name = 'GeminiEmbedderError';
  constructor(
    readonly code: GeminiEmbedderErrorCode,
    message: string,
    /** Upstream HTTP status when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export class GeminiEmbedder implements Embedder {
  readonly id: string;
  readonly model: string;
  readonly dims: number;
  readonly options: Readonly<Omit<ResolvedOptions, 'apiKey'>>;
  readonly #model: ReturnType<ReturnType<typeof createGoogleGenerativeAI>['embeddingModel']>;

  constructor(options: GeminiEmbedderOptions) {
    const o: ResolvedOptions = { ...DEFAULT_GEMINI_EMBEDDER_OPTIONS, ...stripUndefined(options), apiKey: options.apiKey };
    if (!o.apiKey) throw new GeminiEmbedderError('config', 'GeminiEmbedder needs an apiKey (set GEMINI_API_KEY)');
    if (!Number.isInteger(o.dims) || o.dims < 1 || o.dims > 3072) {
      throw new GeminiEmbedderError('config', `dims must be an integer in 1..3072, got ${o.dims}`);
    }
    if (!Number.isInteger(o.batchSize) || o.batchSize < 1 || o.batchSize > GEMINI_MAX_BATCH_SIZE) {
      throw new GeminiEmbedderError('config', `batchSize must be an integer in 1..${GEMINI_MAX_BATCH_SIZE}, got ${o.batchSize}`);
    }
    const { apiKey, ...rest } = o;
    this.options = rest;
    this.model = o.model;
    this.dims = o.dims;
    this.id = `${o.model}-${o.dims}`;
    const provider = createGoogleGenerativeAI({ apiKey, baseURL: o.baseURL, ...(o.fetch ? { fetch: o.fetch } : {}) });
    this.#model = provider.embeddingModel(o.model);
  }

  async embed(texts: readonly string[], task: EmbedTask, signal?: AbortSignal): Promise<Float32Array[]> {
    const batches: string[][] = [];
    for (let i = 0; i < texts.length; i += this.options.batchSize) batches.push(texts.slice(i, i + this.options.batchSize));
    const results: Float32Array[][] = new Array(batches.length);
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const b = next++;
        results[b] = await this.#embedBatchWithRetry(batches[b]!, task, b * this.options.batchSize, signal);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.options.maxParallelCalls, batches.length) }, worker));
    return results.flat();
  }

  #embedBatchWithRetry(values: string[], task: EmbedTask, offset: number, signal?: AbortSignal): Promise<Float32Array[]> {
    return withEmbedRetries(() => this.#embedBatch(values, task, offset, signal), this.options, {
      signal,
      aborted: (cause) => new GeminiEmbedderError('aborted', 'embedding was aborted', undefined, { cause }),
      fail: toEmbedderError,
      isFinal: (error) => error instanceof GeminiEmbedderError,
    });
  }

  async #embedBatch(values: string[], task: EmbedTask, offset: number, signal?: AbortSignal): Promise<Float32Array[]> {
    const { embeddings } = await embedMany({
      model: this.#model,
      values,
      maxRetries: 0,
      maxParallelCalls: 1,
      ...(signal ? { abortSignal: signal } : {}),
      providerOptions: {
        google: {
          outputDimensionality: this.dims,
          taskType: task === 'query' ? this.options.queryTask : this.options.documentTask,
        },
      },
    });
    if (embeddings.length !== values.length) {
      throw new GeminiEmbedderError('upstream', `Gemini returned ${embeddings.length} embeddings for ${values.length} texts`);
    }
    return embeddings.map((e, i) => {
      if (e.length !== this.dims) {
        throw new GeminiEmbedderError(
          'dimension',
          `Gemini returned a ${e.length}-dimensional vector for text #${offset + i}, expected ${this.dims}; ` +
            `check that model ${this.model} supports outputDimensionality=${this.dims}`,
        );
      }
      try {
        return l2Normalize(e);
      } catch {
        throw new GeminiEmbedderError('upstream', `Gemini returned a zero or non-finite vector for text #${offset + i}`);
      }
    });
  }
}

function toEmbedderError(error: unknown, retries: number): GeminiEmbedderError {
  if (error instanceof GeminiEmbedderError) return error;
  const after = retries > 0 ? ` after ${retries} retries` : '';
  if (APICallError.isInstance(error)) {
    const hint = error.statusCode === 400 || error.statusCode === 403 ? ' (check GEMINI_API_KEY and the model name)' : '';
    return new GeminiEmbedderError(
      'upstream',
      `Gemini embedding failed with HTTP ${error.statusCode ?? '?'}${after}: ${error.message}${hint}`,
      error.statusCode,
      { cause: error },
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  return new GeminiEmbedderError('upstream', `Gemini embedding failed${after}: ${message}`, undefined, { cause: error });
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
