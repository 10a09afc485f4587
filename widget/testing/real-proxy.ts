/**
 * The real proxy behind the element in its tests: the Hono app itself, in process
 * (`app.request`), with the real corpus, its real config, limits, prompt and signed answer
 * stream. Only the model is a double, the AI SDK's own (MockLanguageModelV3): it writes `answer`
 * in word-sized deltas, and replies `suggestion` when the proxy asks it for candidate verses. A
 * test then meets what the proxy really sends, not a copy of it written by hand
 * (element-harness.ts's fake proxy scripts what the real app cannot be made to do on demand: a
 * given wait, a dropped connection). The test page (happy-dom) is a
 * browser and will not set an `Origin` header, so the element calls as the operator's own
 * server does, with the bearer token; the page-origin rules have their own proxy tests.
 */
import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { convertArrayToReadableStream, MockLanguageModelV3 } from 'ai/test';
import type { ProxyApp } from '../../proxy/app.js';
import type { ProxyEnv } from '../../proxy/config/proxy-config.js';
import { createTestProxy, TEST_XAI_KEY } from '../../proxy/testing/test-proxy.js';
import type { Embedder } from '../../data/embed/embedder.js';
import { chatRequestsIn, PROXY, recordCall, TEST_INDEX_MANIFEST, type ProxyUnderTest, type RecordedCall } from './element-harness.js';

/** How the answer model's stream ends after its words: finished, failed (an error part), or never (until aborted). */
export type AnswerEnd = 'finish' | 'fail' | 'hang';

export interface RealProxy extends ProxyUnderTest {
  readonly app: ProxyApp;
  /** What the answer model writes for the next question. */
  answer: string;
  /** What the model replies when the proxy asks it for a retrieval suggestion (`/api/suggest`), or an error it throws. */
  suggestion: string | Error;
  /** How its stream ends. */
  end: AnswerEnd;
  /** How many times the answer model was called. */
  readonly modelCalls: () => number;
  /** The abort signal the proxy gave the model on each call (a visitor's Stop must reach the model). */
  readonly modelSignals: (AbortSignal | undefined)[];
}

const API_TOKEN = 'element-tests-api-token-0123456789';

const USAGE = {
  inputTokens: { total: 100, noCache: 100, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 20, text: 20, reasoning: undefined },
};

/** The model's stream for `text`: one delta per word (with its space), as a provider streams, then its end. */
function streamOf(text: string, end: AnswerEnd, signal: AbortSignal | undefined): ReadableStream<LanguageModelV3StreamPart> {
  const words = text.match(/\S+\s*/g) ?? [];
  const parts: LanguageModelV3StreamPart[] = [
    { type: 'stream-start', warnings: [] },
    { type: 'text-start', id: 't' },
    ...words.map((delta): LanguageModelV3StreamPart => ({ type: 'text-delta', id: 't', delta })),
  ];
  if (end === 'finish') parts.push({ type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE });
  if (end === 'fail') parts.push({ type: 'error', error: new Error('upstream model failed') });
  if (end !== 'hang') return convertArrayToReadableStream(parts);
  return new ReadableStream({
    start(controller) {
      for (const p of parts) controller.enqueue(p);
      signal?.addEventListener('abort', () => controller.error(signal.reason), { once: true });
    },
  });
}

export interface RealProxyOptions {
  /** Serve the harness's test vector index (TEST_INDEX_MANIFEST), its questions embedded by a 4-dimension double. */
  readonly index?: boolean;
  /** The model's first answer and how its stream ends (both can be changed later on the proxy). */
  readonly answer?: string;
  readonly end?: AnswerEnd;
}

/** Embeds every question as the same unit vector: the harness's vector search ranks its own fixed hits. */
const TEST_EMBEDDER: Embedder = {
  id: TEST_INDEX_MANIFEST.id,
  model: TEST_INDEX_MANIFEST.model,
  dims: TEST_INDEX_MANIFEST.dims,
  embed: async (texts) => texts.map(() => new Float32Array([1, 0, 0, 0])),
};

/** The proxy app with `env` (over the test proxy's: answers on, xAI named as the provider). */
export async function createRealProxy(env: ProxyEnv = {}, options: RealProxyOptions = {}): Promise<RealProxy> {
  let modelCalls = 0;
  const modelSignals: (AbortSignal | undefined)[] = [];
  const model = new MockLanguageModelV3({
    doGenerate: async () => {
      if (proxy.suggestion instanceof Error) throw proxy.suggestion;
      return { content: [{ type: 'text', text: proxy.suggestion }], finishReason: { unified: 'stop', raw: 'stop' }, usage: USAGE, warnings: [] };
    },
    doStream: async ({ abortSignal }) => {
      modelCalls++;
      modelSignals.push(abortSignal);
      return { stream: streamOf(proxy.answer, proxy.end, abortSignal) };
    },
  });
  // With no provider the app must have no model either: it says so in its config.
  const answers = env.CHAT_PROVIDER !== 'none';
  const { app } = await createTestProxy(
    { XAI_API_KEY: TEST_XAI_KEY, API_TOKEN, ...env },
    {
      ...(answers ? { chat: { model, provider: 'xai', modelId: 'mock', maxOutputTokens: 500, temperature: 0.3 } } : {}),
      ...(options.index ? { index: TEST_INDEX_MANIFEST, embedder: TEST_EMBEDDER } : {}),
    },
  );
  const calls: RecordedCall[] = [];
  const proxy: RealProxy = {
    app,
    answer: options.answer ?? 'Seek help through patience and prayer [2:153].',
    end: options.end ?? 'finish',
    suggestion: '{"query": "", "refs": []}',
    modelCalls: () => modelCalls,
    modelSignals,
    calls,
    chatRequests: () => chatRequestsIn(calls),
    fetch: (async (input: string | URL | Request, init?: RequestInit) => {
      const url = recordCall(calls, input, init);
      if (!url.startsWith(`${PROXY}/`)) throw new TypeError(`the test proxy serves ${PROXY}/ only, not ${url}`);
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${API_TOKEN}`);
      return app.request(url.slice(PROXY.length), { ...init, headers });
    }) as typeof fetch,
  };
  return proxy;
}
