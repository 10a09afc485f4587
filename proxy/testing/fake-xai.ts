/**
 * @module
 * A fake xAI / OpenAI-compatible chat-completions server for tests, benchmarks and browser
 * tests. It speaks the real wire format (`POST {baseURL}/chat/completions`: with `stream: true`,
 * `data: {chunk}\n\n` frames ending with `data: [DONE]`; without it, one `chat.completion`
 * object, as generateText asks for), so the AI SDK's real fetch and SSE
 * parsing run against it. Listens on 127.0.0.1 on a random port.
 *
 * CLI, to try the whole stack without a key:
 * `tsx proxy/testing/fake-xai.ts [--port 9999] [--latency 200] [--chunk-delay 30] [--text "..."]`,
 * then `XAI_API_KEY=fake XAI_BASE_URL=http://127.0.0.1:9999/v1 npm start`.
 *
 * @example
 * const xai = await startFakeXai({ respondWith: 'Patience is praised [2:153].' });
 * // point the proxy at xai.baseURL, then:
 * xai.calls[0].requestBodyJson.messages; await xai.close();
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';

/** What the fake does for one request. Every field is optional; the default streams `text`. */
export interface FakeXaiBehaviour {
  /** Answer text, streamed as `delta.content` chunks. */
  readonly text?: string;
  /** Reasoning streamed before the text as `delta.reasoning_content` chunks (xAI's reasoning models). */
  readonly reasoning?: string;
  /** Respond with this HTTP status and an OpenAI-style JSON error instead of a stream. */
  readonly status?: number;
  /** Error message in the JSON error body (status responses and `error-event` failures). */
  readonly errorMessage?: string;
  /** `Retry-After` header sent with a status response (seconds). */
  readonly retryAfter?: number;
  /**
   * Fail after this many text chunks: `error-event` sends an unparsable error frame,
   * `disconnect` closes the socket, `reset` aborts the TCP connection (RST, as a crashed
   * upstream or a middlebox does).
   */
  readonly failAfterChunks?: number;
  readonly failMode?: 'error-event' | 'disconnect' | 'reset';
  /** Never answer: `before-headers` sends nothing; `after-headers` sends headers then stalls; a number stalls after that many chunks. */
  readonly hang?: 'before-headers' | 'after-headers' | number;
  /** `finish_reason` of the last chunk: `length` (token limit), `content_filter`. Default `stop`. */
  readonly finishReason?: string;
  /** Per-request overrides of the server options. */
  readonly latencyMs?: number;
  readonly chunkDelayMs?: number;
  readonly chunkChars?: number;
}

export type FakeXaiResponder = string | FakeXaiBehaviour | ((call: FakeXaiCall) => string | FakeXaiBehaviour);

export interface FakeXaiOptions {
  /** Answer script. Default: a short grounded answer citing `[2:153]`. */
  respondWith?: FakeXaiResponder;
  /** Delay before the response headers, ms. Default 0. */
  latencyMs?: number;
  /** Delay between chunks, ms. Default 0. */
  chunkDelayMs?: number;
  /** Characters per `delta.content` chunk. Default 12. */
  chunkChars?: number;
  /** Path prefix of the base URL. Default `/v1`. */
  basePath?: string;
  /** Keep at most this many recorded calls (benchmarks send thousands). Default 1,000. */
  maxRecordedCalls?: number;
  /** Port on 127.0.0.1. Default 0 (a random free port). */
  port?: number;
}

export const DEFAULT_FAKE_XAI_ANSWER =
  'Allah is with the patient [2:153]. Seek help through patience and prayer, and remember that hardship is followed by ease [94:5].';

export const DEFAULT_FAKE_XAI_OPTIONS = {
  respondWith: DEFAULT_FAKE_XAI_ANSWER as FakeXaiResponder,
  latencyMs: 0,
  chunkDelayMs: 0,
  chunkChars: 12,
  basePath: '/v1',
  maxRecordedCalls: 1000,
  port: 0,
} satisfies Required<FakeXaiOptions>;

/** One request the fake received. */
export interface FakeXaiCall {
  readonly method: string;
  readonly path: string;
  /** Lower-cased request headers. */
  readonly headers: Readonly<Record<string, string>>;
  readonly requestBodyJson: any;
  /** True when the client closed the connection before the fake finished its answer. */
  disconnected: boolean;
  /** True when the fake sent the whole answer (`[DONE]`). */
  completed: boolean;
  /** Resolves when the exchange ends, either way. */
  readonly ended: Promise<void>;
}

export interface FakeXaiServer {
  /** e.g. `http://127.0.0.1:43123/v1`; give it to the provider as its base URL. */
  readonly baseURL: string;
  /** Requests received, oldest first. */
  readonly calls: FakeXaiCall[];
  /** Replace the answer script for the following requests. */
  respondWith(responder: FakeXaiResponder): void;
  /** Change the default timing for the following requests. */
  setTiming(timing: { latencyMs?: number; chunkDelayMs?: number; chunkChars?: number }): void;
  /** Resolves when `calls[index]` exists and its exchange has ended. */
  waitForCallEnd(index: number, timeoutMs?: number): Promise<FakeXaiCall>;
  close(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export async function startFakeXai(options: FakeXaiOptions = {}): Promise<FakeXaiServer> {
  const opts = { ...DEFAULT_FAKE_XAI_OPTIONS, ...options };
  let responder: FakeXaiResponder = opts.respondWith;
  let timing = { latencyMs: opts.latencyMs, chunkDelayMs: opts.chunkDelayMs, chunkChars: opts.chunkChars };
  const calls: FakeXaiCall[] = [];
  const sockets = new Set<import('node:net').Socket>();
  let seq = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch(() => res.destroy());
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    let endCall!: () => void;
    const call: FakeXaiCall = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')])),
      requestBodyJson: body,
      disconnected: false,
      completed: false,
      ended: new Promise<void>((r) => (endCall = r)),
    };
    calls.push(call);
    if (calls.length > opts.maxRecordedCalls) calls.splice(0, calls.length - opts.maxRecordedCalls);
    res.on('close', () => {
      if (!res.writableFinished) call.disconnected = true;
      endCall();
    });

    if (req.method !== 'POST' || call.path.split('?')[0] !== `${opts.basePath}/chat/completions`) {
      return sendJsonError(res, 404, `no route for ${req.method} ${call.path}`);
    }
    const b = resolveBehaviour(responder, call);
    const latency = b.latencyMs ?? timing.latencyMs;
    const chunkDelay = b.chunkDelayMs ?? timing.chunkDelayMs;
    const chunkChars = Math.max(1, b.chunkChars ?? timing.chunkChars);
    if (b.hang === 'before-headers') return; // the socket stays open until the client gives up
    if (latency > 0) await sleep(latency);
    if (call.disconnected) return;
    if (b.status && b.status >= 400) {
      const headers: Record<string, string> = b.retryAfter === undefined ? {} : { 'retry-after': String(b.retryAfter) };
      return sendJsonError(res, b.status, b.errorMessage ?? `fake upstream error ${b.status}`, headers);
    }
    if (body?.stream !== true) return completeAtOnce(res, b, body, call);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    res.flushHeaders();
    if (b.hang === 'after-headers') return;

    const id = `chatcmpl-fake-${++seq}`;
    const model = typeof body?.model === 'string' ? body.model : 'fake-model';
    const created = 1_700_000_000;
    const frame = (chunk: unknown) => res.write(`data: ${JSON.stringify(chunk)}\n\n`);
    const text = b.text ?? '';
    const pieces: string[] = [];
    for (let i = 0; i < text.length; i += chunkChars) pieces.push(text.slice(i, i + chunkChars));

    frame({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] });
    const reasoning = b.reasoning ?? '';
    for (let i = 0; i < reasoning.length; i += chunkChars) {
      if (call.disconnected) return;
      if (chunkDelay > 0) await sleep(chunkDelay);
      frame({
        id,
        object: 'chat.completion.chunk',
        created,
        model,
        choices: [{ index: 0, delta: { reasoning_content: reasoning.slice(i, i + chunkChars) }, finish_reason: null }],
      });
    }
    for (let i = 0; i < pieces.length; i++) {
      if (call.disconnected) return;
      if (typeof b.hang === 'number' && i === b.hang) return;
      if (b.failAfterChunks !== undefined && i === b.failAfterChunks) return failMidStream(res, b);
      if (chunkDelay > 0) await sleep(chunkDelay);
      frame({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: { content: pieces[i] }, finish_reason: null }] });
    }
    if (typeof b.hang === 'number' && b.hang >= pieces.length) return;
    if (b.failAfterChunks !== undefined && b.failAfterChunks >= pieces.length) return failMidStream(res, b);
    if (call.disconnected) return;
    const promptChars = JSON.stringify(body?.messages ?? '').length;
    const promptTokens = Math.ceil(promptChars / 4);
    const completionTokens = Math.ceil((text.length + reasoning.length) / 4);
    frame({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta: {}, finish_reason: b.finishReason ?? 'stop' }] });
    frame({
      id,
      object: 'chat.completion.chunk',
      created,
      model,
      choices: [],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
    res.write('data: [DONE]\n\n');
    call.completed = true;
    res.end();
  }

  /** A request without `stream: true` (the AI SDK's generateText): one `chat.completion` object. */
  function completeAtOnce(res: ServerResponse, b: FakeXaiBehaviour, body: any, call: FakeXaiCall): void {
    const text = b.text ?? '';
    const promptTokens = Math.ceil(JSON.stringify(body?.messages ?? '').length / 4);
    const completionTokens = Math.ceil(text.length / 4);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        id: `chatcmpl-fake-${++seq}`,
        object: 'chat.completion',
        created: 1_700_000_000,
        model: typeof body?.model === 'string' ? body.model : 'fake-model',
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: b.finishReason ?? 'stop' }],
        usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
      }),
    );
    call.completed = true;
  }

  function failMidStream(res: ServerResponse, b: FakeXaiBehaviour): void {
    if (b.failMode === 'disconnect' || b.failMode === 'reset') {
      // Let the chunks already written reach the client, then cut the connection.
      setTimeout(() => (b.failMode === 'reset' && res.socket ? res.socket.resetAndDestroy() : res.destroy()), 30);
      return;
    }
    // An OpenAI-style error frame: not a chunk, so the client's chunk parser rejects it.
    res.write(`data: ${JSON.stringify({ error: { message: b.errorMessage ?? 'fake upstream failed mid-stream', type: 'server_error' } })}\n\n`);
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(opts.port, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}${opts.basePath}`,
    calls,
    respondWith(r) {
      responder = r;
    },
    setTiming(t) {
      timing = { ...timing, ...t };
    },
    async waitForCallEnd(index, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs;
      while (!calls[index]) {
        if (Date.now() > deadline) throw new Error(`fake xAI: call ${index} never arrived`);
        await sleep(5);
      }
      const call = calls[index]!;
      await Promise.race([
        call.ended,
        sleep(Math.max(0, deadline - Date.now())).then(() => {
          throw new Error(`fake xAI: call ${index} did not end within ${timeoutMs} ms`);
        }),
      ]);
      return call;
    },
    close() {
      for (const s of sockets) s.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function resolveBehaviour(responder: FakeXaiResponder, call: FakeXaiCall): FakeXaiBehaviour {
  const r = typeof responder === 'function' ? responder(call) : responder;
  return typeof r === 'string' ? { text: r } : { text: DEFAULT_FAKE_XAI_ANSWER, ...r };
}

function sendJsonError(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  const type = status === 429 ? 'rate_limit_exceeded' : status >= 500 ? 'server_error' : 'invalid_request_error';
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ error: { message, type, code: type } }));
}

function cliFlag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolvePath(process.argv[1])).href) {
  const num = (name: string) => (cliFlag(name) === undefined ? undefined : Number(cliFlag(name)));
  void startFakeXai({
    port: num('port') ?? 9999,
    latencyMs: num('latency') ?? 200,
    chunkDelayMs: num('chunk-delay') ?? 30,
    respondWith: cliFlag('text') ?? DEFAULT_FAKE_XAI_ANSWER,
  }).then((xai) => console.log(`fake xAI on ${xai.baseURL} (XAI_BASE_URL=${xai.baseURL})`));
}
