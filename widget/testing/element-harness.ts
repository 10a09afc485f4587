/**
 * Test harness for `<quran-dai>` unit tests (happy-dom): a fake proxy `fetch` that speaks
 * the real wire formats (JSON config/embed, SSE UI message stream for chat) and records
 * requests, plus services built on the real test corpus and the real search engine.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ChatRequest } from '../../data/contracts/chat-request.js';
import type { WidgetConfig } from '../../data/contracts/widget-config.js';
import type { SiteKnowledge } from '../site/site-knowledge.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import { adaptSearchEngine } from '../asking/search-engine-adapter.js';
import type { WidgetServices } from '../boot/widget-services.js';
import { memoryConversationStore, type ConversationStore } from '../history/conversation-store.js';

export const PROXY = 'http://proxy.test';

export interface RecordedCall {
  readonly url: string;
  readonly method: string;
  readonly body: unknown;
  readonly signal: AbortSignal | undefined;
}

/** What the fake proxy answers on `/api/chat`. */
export type ChatReply =
  | { readonly kind: 'fixture'; readonly name: string }
  | { readonly kind: 'status'; readonly status: number; readonly headers?: Record<string, string>; readonly body?: unknown }
  | { readonly kind: 'down' }
  /** Sends one delta, then never finishes until aborted. */
  | { readonly kind: 'hang'; readonly delta: string }
  /** Streams these parts (the proxy's answer-stream parts), then `[DONE]`. */
  | { readonly kind: 'parts'; readonly parts: readonly unknown[] };

/** What the element's tests need of a proxy, fake or real (real-proxy.ts): its fetch, and what it was asked. */
export interface ProxyUnderTest {
  fetch: typeof fetch;
  calls: RecordedCall[];
  chatRequests(): ChatRequest[];
}

export interface FakeProxy extends ProxyUnderTest {
  config: WidgetConfig | 'down';
  chat: ChatReply;
  /** Query vector returned by `/api/embed`. */
  embedding: number[] | 'down';
  /** What `/api/feedback` answers: a status, or `down` (the request fails). */
  feedback: number | 'down';
  /** What `/api/suggest` answers (any JSON body, as an LLM-backed proxy might), or `down`. */
  suggestion: unknown;
}

/** Records one request of the element to a proxy, as the tests read it back; returns its URL. */
export function recordCall(calls: RecordedCall[], input: string | URL | Request, init?: RequestInit): string {
  const url = String(input);
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
  calls.push({ url, method: init?.method ?? 'GET', body, signal: init?.signal ?? undefined });
  return url;
}

/** The bodies of the recorded `/api/chat` requests, in order. */
export function chatRequestsIn(calls: readonly RecordedCall[]): ChatRequest[] {
  return calls.filter((c) => c.url.endsWith('/api/chat')).map((c) => c.body as ChatRequest);
}

export function fixtureSse(name: string): string {
  // Path-based: under happy-dom the global URL is not Node's.
  const lines = readFileSync(join(dirname(fileURLToPath(import.meta.url)), '..', 'chat', '__fixtures__', `${name}.chunks.txt`), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  return lines.map((l) => `data: ${l}\n\n`).join('') + 'data: [DONE]\n\n';
}

export const TEST_INDEX_MANIFEST: VectorIndexManifest = {
  schema: 1,
  id: 'test-4',
  version: 'v1',
  embedder: 'test-hashing',
  model: 'test',
  dims: 4,
  count: 6236,
  quantization: 'int8-per-vector',
  queryTask: '',
  documentTask: '',
  queryPrefix: '',
  documentPrefix: '',
  textTemplate: '{text}',
  contextualised: false,
  corpusVersion: 'any',
  floors: { primary: 0.3, fallback: 0.2 },
  files: [],
};

export function createFakeProxy(
  config: WidgetConfig | 'down' = { corpusManifest: 'data/corpus/manifest.json', corpusVersion: 'x', index: null, chat: true },
): FakeProxy {
  const proxy: FakeProxy = {
    calls: [],
    config,
    chat: { kind: 'fixture', name: 'answer' },
    embedding: [1, 0, 0, 0],
    feedback: 202,
    suggestion: { query: '', refs: [] },
    chatRequests: () => chatRequestsIn(proxy.calls),
    fetch: async (input, init) => {
      const url = recordCall(proxy.calls, input, init);
      const signal = init?.signal ?? undefined;
      const json = (data: unknown, status = 200, headers: Record<string, string> = {}) =>
        new Response(JSON.stringify(data), { status, headers: { 'content-type': 'application/json', ...headers } });
      if (url === `${PROXY}/api/config`) {
        if (proxy.config === 'down') throw new TypeError('fetch failed');
        return json(proxy.config);
      }
      if (url === `${PROXY}/api/embed`) {
        if (proxy.embedding === 'down') throw new TypeError('fetch failed');
        return json({ embedding: proxy.embedding, dims: proxy.embedding.length, model: 'test', indexId: TEST_INDEX_MANIFEST.id });
      }
      if (url === `${PROXY}/api/feedback`) {
        if (proxy.feedback === 'down') throw new TypeError('fetch failed');
        return json(proxy.feedback < 400 ? { ok: true } : { error: { code: 'internal', message: 'webhook failed' } }, proxy.feedback);
      }
      if (url === `${PROXY}/api/suggest`) {
        if (proxy.suggestion === 'down') throw new TypeError('fetch failed');
        return json(proxy.suggestion);
      }
      if (url === `${PROXY}/api/chat`) {
        const reply = proxy.chat;
        if (reply.kind === 'down') throw new TypeError('fetch failed');
        if (reply.kind === 'status') return json(reply.body ?? { error: { message: 'nope' } }, reply.status, reply.headers);
        const sse = { 'content-type': 'text/event-stream' };
        if (reply.kind === 'fixture') return new Response(fixtureSse(reply.name), { headers: sse });
        if (reply.kind === 'parts')
          return new Response(reply.parts.map((p) => `data: ${JSON.stringify(p)}\n\n`).join('') + 'data: [DONE]\n\n', { headers: sse });
        const encoder = new TextEncoder();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(`data: ${JSON.stringify({ type: 'text-delta', id: '0', delta: reply.delta })}\n\n`));
            signal?.addEventListener('abort', () => controller.error(signal.reason));
          },
        });
        return new Response(stream, { headers: sse });
      }
      return json({ error: { message: `no route ${url}` } }, 404);
    },
  };
  return proxy;
}

/** A vector search stand-in: always ranks these verses (global indexes) with these cosines. */
export function fixedVectorSearch(hits: readonly { index: number; score: number }[]): VectorSearch {
  return { kind: 'flat', dims: 4, search: (_q, k) => hits.slice(0, k).map((h) => ({ ...h })) };
}

export interface HarnessOptions {
  readonly proxy: ProxyUnderTest;
  readonly vectorSearch?: VectorSearch | null;
  readonly store?: ConversationStore;
  /** The mosque's documents the widget gets when the config names a site manifest. */
  readonly site?: SiteKnowledge | null;
}

export async function testServices(options: HarnessOptions): Promise<WidgetServices & { store: ConversationStore; corpus: Corpus }> {
  const corpus = await loadTestCorpus();
  const store = options.store ?? memoryConversationStore();
  const vectorSearch = options.vectorSearch ?? null;
  return {
    corpus,
    store,
    fetch: options.proxy.fetch,
    loadQuranData: async (o) => {
      o.onProgress?.({ loaded: 50, total: 100, phase: 'download' });
      return { corpus, vectorSearch: o.index ? vectorSearch : null, indexManifest: o.index && vectorSearch ? TEST_INDEX_MANIFEST : null, fromCache: false };
    },
    loadTranslationTrack: async () => undefined,
    createSearchEngine: (c, vs, manifest) => adaptSearchEngine(createSearchEngine(c), c, vs, manifest),
    createBrowserQueryEmbedder: () => async () => new Float32Array([1, 0, 0, 0]),
    openConversationStore: async () => store,
    loadSiteKnowledge: async () => options.site ?? null,
  };
}
