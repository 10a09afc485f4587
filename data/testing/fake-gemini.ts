/**
 * A fake Gemini embeddings server on 127.0.0.1 for tests and benchmarks. It speaks the real
 * Generative Language API wire format that @ai-sdk/google v3 sends and parses:
 *
 * - `POST {baseURL}/models/{model}:embedContent`
 *   body `{ model: 'models/x', content: { parts: [{ text }] }, outputDimensionality?, taskType? }`
 *   → `{ embedding: { values: number[] } }`
 * - `POST {baseURL}/models/{model}:batchEmbedContents`
 *   body `{ requests: [{ model, content: { role, parts }, outputDimensionality?, taskType? }] }` (<= 100)
 *   → `{ embeddings: [{ values: number[] }] }`
 * - auth header `x-goog-api-key`; errors are `{ error: { code, message, status, details? } }`
 *   like Google's (missing key → 403 PERMISSION_DENIED, wrong key → 400 INVALID_ARGUMENT
 *   with reason API_KEY_INVALID, which is what Google really returns for a bad key).
 *
 * `baseURL` (`http://127.0.0.1:PORT/v1beta`) is what you pass to `createGoogleGenerativeAI`.
 * Never used against the real API: this is how we test without a key or network.
 *
 * @example
 * const fake = await startFakeGemini({ latencyMs: 5 });
 * const google = createGoogleGenerativeAI({ apiKey: fake.apiKey, baseURL: fake.baseURL });
 * fake.failNext(1, 429);
 * await fake.close();
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeLoopbackServer, listenOnLoopback, readBody } from './loopback-server.js';
import { testHashingVector } from '../embed/test-hashing-embedder.js';

/** gemini-embedding-001 returns 3072 numbers when no `outputDimensionality` is asked for. */
export const GEMINI_DEFAULT_DIMS = 3072;
export const FAKE_GEMINI_API_KEY = 'fake-gemini-test-key';
/** Google caps a batchEmbedContents call at 100 requests. */
export const GEMINI_MAX_BATCH = 100;

/** Returns the raw embedding values for one text (any length: tests use this to send wrong dims). */
export type FakeGeminiVectorFn = (text: string, dims: number, taskType: string | undefined) => number[];

/**
 * Default vectors: the test-hashing embedding of the text, scaled by 0.5 below 3072 dims
 * because real Gemini vectors are only unit length at the full 3072 dims (clients must
 * L2-normalise). Same text → same direction, so fake-built indexes and fake queries agree.
 */
export const defaultFakeGeminiVector: FakeGeminiVectorFn = (text, dims) => {
  const unit = testHashingVector(text, dims);
  const scale = dims < GEMINI_DEFAULT_DIMS ? 0.5 : 1;
  return Array.from(unit, (v) => v * scale);
};

/**
 * What a failing call does: an HTTP status answered with Google's error JSON, `'malformed'`
 * (200 with a body that is not JSON), `'hang'` (never answers; the client must time out or
 * abort), or `'reset'` (200 headers and half a body, then the TCP connection is reset).
 */
export type FakeGeminiFailure = number | 'malformed' | 'hang' | 'reset';

export interface FakeGeminiFailureOptions {
  /** Adds Google's `RetryInfo` detail (e.g. `'23s'`), as real quota 429s carry. */
  retryDelay?: string;
}

export interface FakeGeminiCall {
  readonly method: string;
  /** Path without the query string, e.g. `/v1beta/models/gemini-embedding-001:batchEmbedContents`. */
  readonly path: string;
  /** Lowercased header names, as Node gives them. */
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Parsed JSON body, or `undefined` when the body was not JSON. */
  readonly body: unknown;
  /** HTTP status sent, or `undefined` when the client went away first. */
  status?: number;
  /** True when the client closed the connection before the response was sent. */
  aborted: boolean;
}

export interface FakeGeminiOptions {
  /** Key the server accepts in `x-goog-api-key`. Default `FAKE_GEMINI_API_KEY`. */
  apiKey?: string;
  /** Delay before every answer, in ms. Default 0. */
  latencyMs?: number;
  /** Vector for each text. Default `defaultFakeGeminiVector`. */
  vector?: FakeGeminiVectorFn;
  /** Port to listen on. Default 0 (a random free port). */
  port?: number;
  /** Decides per request from its texts (soak runs mix failures into concurrent traffic). Default: none; `failNext` still applies first. */
  failureFor?: (texts: readonly string[]) => FakeGeminiFailure | undefined;
}

export const DEFAULT_FAKE_GEMINI_OPTIONS = {
  apiKey: FAKE_GEMINI_API_KEY,
  latencyMs: 0,
  vector: defaultFakeGeminiVector,
  port: 0,
  failureFor: () => undefined,
} satisfies Required<FakeGeminiOptions>;

const STATUS_NAMES: Record<number, { status: string; message: string }> = {
  400: { status: 'INVALID_ARGUMENT', message: 'Request contains an invalid argument.' },
  401: { status: 'UNAUTHENTICATED', message: 'Request had invalid authentication credentials.' },
  403: { status: 'PERMISSION_DENIED', message: 'The caller does not have permission' },
  404: { status: 'NOT_FOUND', message: 'Requested entity was not found.' },
  429: { status: 'RESOURCE_EXHAUSTED', message: 'Resource has been exhausted (e.g. check quota).' },
  500: {
    status: 'INTERNAL',
    message: 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting',
  },
  503: { status: 'UNAVAILABLE', message: 'The model is overloaded. Please try again later.' },
  504: { status: 'DEADLINE_EXCEEDED', message: 'Deadline expired before operation could complete.' },
};

/** Google's error body for `code`. */
export function googleErrorBody(
  code: number,
  message?: string,
  details?: unknown[],
): { error: { code: number; message: string; status: string; details?: unknown[] } } {
  const known = STATUS_NAMES[code] ?? { status: code >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION', message: `HTTP ${code}` };
  return { error: { code, message: message ?? known.message, status: known.status, ...(details ? { details } : {}) } };
}

interface EmbedRequestBody {
  model?: unknown;
  content?: { parts?: Array<{ text?: unknown }> };
  outputDimensionality?: unknown;
  taskType?: unknown;
}

const TASK_TYPES = new Set([
  'TASK_TYPE_UNSPECIFIED',
  'SEMANTIC_SIMILARITY',
  'CLASSIFICATION',
  'CLUSTERING',
  'RETRIEVAL_DOCUMENT',
  'RETRIEVAL_QUERY',
  'QUESTION_ANSWERING',
  'FACT_VERIFICATION',
  'CODE_RETRIEVAL_QUERY',
]);

class BadRequest extends Error {}

export class FakeGemini {
  /** Every request received, in order. */
  readonly calls: FakeGeminiCall[] = [];
  readonly apiKey: string;
  latencyMs: number;
  vector: FakeGeminiVectorFn;
  readonly #port: number;
  readonly #failureFor: (texts: readonly string[]) => FakeGeminiFailure | undefined;
  readonly #initial: { latencyMs: number; vector: FakeGeminiVectorFn };
  readonly #failures: Array<{ failure: FakeGeminiFailure; retryDelay?: string }> = [];
  readonly #hanging = new Set<ServerResponse>();
  #server: Server | undefined;
  #url = '';

  constructor(options: FakeGeminiOptions = {}) {
    const o = { ...DEFAULT_FAKE_GEMINI_OPTIONS, ...options };
    this.apiKey = o.apiKey;
    this.latencyMs = o.latencyMs;
    this.vector = o.vector;
    this.#port = o.port;
    this.#failureFor = o.failureFor;
    this.#initial = { latencyMs: o.latencyMs, vector: o.vector };
  }

  /** `http://127.0.0.1:PORT` once started. */
  get url(): string {
    if (!this.#url) throw new Error('fake Gemini is not started; await start() first');
    return this.#url;
  }

  /** The base URL to give @ai-sdk/google (`…/v1beta`), as Google's default has it. */
  get baseURL(): string {
    return `${this.url}/v1beta`;
  }

  /** Texts embedded so far (successful calls only), for asserting what was sent. */
  get embeddedTextCount(): number {
    return this.calls.filter((c) => c.status === 200).reduce((n, c) => n + requestTexts(c.body).length, 0);
  }

  /** Make the next `count` requests fail with `failure` (queued after earlier failures). */
  failNext(count: number, failure: FakeGeminiFailure, options: FakeGeminiFailureOptions = {}): void {
    for (let i = 0; i < count; i++) this.#failures.push({ failure, ...options });
  }

  /** Clear the call log and queued failures, and restore latency and vectors to the constructor's. */
  reset(): void {
    this.calls.length = 0;
    this.#failures.length = 0;
    this.latencyMs = this.#initial.latencyMs;
    this.vector = this.#initial.vector;
  }

  async start(): Promise<this> {
    if (this.#server) return this;
    const { server, url } = await listenOnLoopback((req, res) => void this.#handle(req, res), this.#port);
    this.#server = server;
    this.#url = url;
    return this;
  }

  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    await closeLoopbackServer(server, this.#hanging);
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let body: unknown;
    try {
      body = raw.length ? JSON.parse(raw) : undefined;
    } catch {
      body = undefined;
    }
    const call: FakeGeminiCall = {
      method: req.method ?? 'GET',
      path: (req.url ?? '/').split('?')[0] ?? '/',
      headers: { ...req.headers },
      body,
      aborted: false,
    };
    this.calls.push(call);
    res.on('close', () => {
      if (!res.writableFinished) call.aborted = true;
      this.#hanging.delete(res);
    });

    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    if (res.destroyed) return;

    const [status, payload] = this.#answer(call, raw);
    if (status === 'hang') {
      this.#hanging.add(res);
      return;
    }
    if (status === 'reset') {
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.write('{"embedding": {"values": [0.1, 0.2, ');
      setTimeout(() => res.socket?.resetAndDestroy(), 10);
      return;
    }
    call.status = status;
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
  }

  #answer(call: FakeGeminiCall, raw: string): [number | 'hang' | 'reset', unknown] {
    const key = call.headers['x-goog-api-key'];
    if (key === undefined) {
      return [
        403,
        googleErrorBody(
          403,
          "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
        ),
      ];
    }
    if (key !== this.apiKey) {
      return [
        400,
        googleErrorBody(400, 'API key not valid. Please pass a valid API key.', [
          { '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' },
        ]),
      ];
    }
    const next = this.#failures.shift();
    const failure = next?.failure ?? this.#failureFor(requestTexts(call.body));
    if (failure === 'hang' || failure === 'reset') return [failure, undefined];
    if (failure === 'malformed') return [200, '{"embedding": {"values": [0.1, '];
    if (typeof failure === 'number') {
      const details = next?.retryDelay ? [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: next.retryDelay }] : undefined;
      return [failure, googleErrorBody(failure, undefined, details)];
    }

    const match = /^\/v1beta\/models\/([^/:]+):(embedContent|batchEmbedContents)$/.exec(call.path);
    if (call.method !== 'POST' || !match) return [404, googleErrorBody(404, `Unknown path ${call.method} ${call.path}`)];
    if (call.body === undefined) return [400, googleErrorBody(400, `Invalid JSON payload received. ${raw.slice(0, 40)}`)];
    const model = match[1] ?? '';
    try {
      if (match[2] === 'embedContent') {
        return [200, { embedding: { values: this.#embedOne(call.body as EmbedRequestBody, model) } }];
      }
      const requests = (call.body as { requests?: unknown }).requests;
      if (!Array.isArray(requests) || requests.length === 0) throw new BadRequest('* BatchEmbedContentsRequest.requests: must not be empty');
      if (requests.length > GEMINI_MAX_BATCH) {
        throw new BadRequest(`* BatchEmbedContentsRequest.requests: at most ${GEMINI_MAX_BATCH} requests can be in one batch`);
      }
      return [200, { embeddings: requests.map((r: EmbedRequestBody) => ({ values: this.#embedOne(r, model) })) }];
    } catch (error) {
      if (error instanceof BadRequest) return [400, googleErrorBody(400, error.message)];
      throw error;
    }
  }

  #embedOne(request: EmbedRequestBody, model: string): number[] {
    if (request.model !== undefined && request.model !== `models/${model}`) {
      throw new BadRequest(`* BatchEmbedContentsRequest.model: model in request (${String(request.model)}) does not match models/${model}`);
    }
    const parts = request.content?.parts;
    if (!Array.isArray(parts) || parts.length === 0) throw new BadRequest('* EmbedContentRequest.content: contents is not specified');
    const text = parts.map((p) => (typeof p.text === 'string' ? p.text : '')).join('');
    const dims = request.outputDimensionality ?? GEMINI_DEFAULT_DIMS;
    if (typeof dims !== 'number' || !Number.isInteger(dims) || dims < 1 || dims > GEMINI_DEFAULT_DIMS) {
      throw new BadRequest(`* EmbedContentRequest.output_dimensionality: must be between 1 and ${GEMINI_DEFAULT_DIMS}`);
    }
    const taskType = request.taskType;
    if (taskType !== undefined && (typeof taskType !== 'string' || !TASK_TYPES.has(taskType))) {
      throw new BadRequest(`Invalid value at 'task_type' (type.googleapis.com/google.ai.generativelanguage.v1beta.TaskType), "${String(taskType)}"`);
    }
    return this.vector(text, dims, taskType);
  }
}

/** Texts in an embedContent or batchEmbedContents body (for assertions). */
export function requestTexts(body: unknown): string[] {
  const one = (r: EmbedRequestBody | undefined) => (r?.content?.parts ?? []).map((p) => (typeof p.text === 'string' ? p.text : '')).join('');
  if (body && typeof body === 'object' && Array.isArray((body as { requests?: unknown }).requests)) {
    return (body as { requests: EmbedRequestBody[] }).requests.map(one);
  }
  if (body && typeof body === 'object' && (body as EmbedRequestBody).content) return [one(body as EmbedRequestBody)];
  return [];
}

/** Create and start a fake Gemini server. */
export function startFakeGemini(options: FakeGeminiOptions = {}): Promise<FakeGemini> {
  return new FakeGemini(options).start();
}
