/**
 * @module
 * Test helper: a proxy app wired to the real corpus and a fake xAI upstream, with captured
 * log lines and a controllable clock.
 */
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { parseProxyConfig, type ProxyConfig, type ProxyEnv } from '../config/proxy-config.js';
import { createChatModel } from '../chat/chat-model-factory.js';
import { createApp, type ProxyApp, type ProxyDeps } from '../app.js';

export const TEST_XAI_KEY = 'xai-test-KEY-0123456789abcdef';
export const TEST_GEMINI_KEY = 'AIza-test-KEY-fedcba9876543210';

export interface TestProxy {
  readonly app: ProxyApp;
  readonly config: ProxyConfig;
  readonly corpus: Corpus;
  readonly logs: string[];
  /** Wall clock the rate limiter sees; move it with `advance`. */
  advance(ms: number): void;
}

export async function createTestProxy(env: ProxyEnv = {}, deps: Partial<ProxyDeps> = {}): Promise<TestProxy> {
  const corpus = await loadTestCorpus();
  // The Gemini key is for embeddings; answers stay off unless a test sets a chat provider or its key.
  const chatOff = env.XAI_API_KEY || env.OPENAI_COMPATIBLE_BASE_URL || env.CHAT_PROVIDER !== undefined ? {} : { CHAT_PROVIDER: 'none' };
  const config = parseProxyConfig({ GEMINI_API_KEY: TEST_GEMINI_KEY, UPSTREAM_MAX_RETRIES: '0', ...chatOff, ...env });
  const logs: string[] = [];
  let clock = 1_763_800_000_000;
  const app = createApp(config, {
    corpus,
    chat: config.chat ? createChatModel(config.chat) : null,
    log: (l) => logs.push(l),
    now: () => clock,
    ...deps,
  });
  return { app, config, corpus, logs, advance: (ms) => (clock += ms) };
}

/** The origin `app.request('/path')` is made to: a page of the proxy's own (the demo). */
export const TEST_PROXY_ORIGIN = 'http://localhost';

/** A JSON POST as the demo page sends it (same origin); `headers` may replace the origin. */
export function chatInit(body: unknown, headers: Record<string, string> = {}, signal?: AbortSignal): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_PROXY_ORIGIN, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(signal ? { signal } : {}),
  };
}

/** Waits until the request-log line for a streamed request has been written. */
export async function waitForLogs(logs: readonly string[], count: number, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (logs.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} log lines, got ${logs.length}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}
