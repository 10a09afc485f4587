/**
 * The shared harness of the browser tests: the real proxy on 127.0.0.1 serving the demo
 * page, the freshly built widget and the built corpus, with fake upstreams (fake xAI for
 * answers, fake Gemini for query embeddings) and a vector index built with the test-hashing
 * embedder into a temp dir; plus one headless Chromium with a fresh profile.
 * One stack per test file: start it in `beforeAll`, reuse its browser, close in `afterAll`
 * (`useE2eStack` does both for a file that needs nothing else around it).
 */
import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { loadTestCorpus } from '../../../data/testing/test-corpus.js';
import { DEFAULT_CORPUS_DIR } from '../../../data/corpus/corpus-loader-node.js';
import { TestHashingEmbedder } from '../../../data/embed/test-hashing-embedder.js';
import { runIndexBuild } from '../../../scripts/index-build/index-build-run.js';
import { buildWidgetBundle, REPO_ROOT } from '../../../scripts/widget-build/build-widget-bundle.js';
import { startFakeXai, type FakeXaiResponder, type FakeXaiServer } from '../../../proxy/testing/fake-xai.js';
import { FAKE_GEMINI_API_KEY, startFakeGemini, type FakeGemini } from '../../../data/testing/fake-gemini.js';
import { launchChromium, type LaunchedChromium } from './launch-chromium.js';
import { recordNetwork, type NetworkLog } from './network-log.js';
import { startServer, type RunningServer } from '../../../proxy/server.js';
import { installReadyLog } from './widget-page.js';

/** Dimension of the test index: small, so the tests' IndexedDB writes stay fast. */
export const E2E_INDEX_DIMS = 256;
export const FAKE_XAI_API_KEY = 'fake-xai-test-key';

export interface E2eStackOptions {
  /** Answer script of the fake xAI. Default: its grounded answer citing [2:153] and [94:5]. */
  answer?: FakeXaiResponder;
  /** Build and serve a vector index (test-hashing embedder, fake Gemini for queries). Default true. */
  withIndex?: boolean;
  /** Configure a chat provider. Default true. */
  withChat?: boolean;
  /** Viewport of the browser. Default 1280 x 900. */
  viewport?: { width: number; height: number };
  /** Extra proxy env, e.g. `ALLOWED_ORIGINS` for a cross-origin host page. */
  env?: Readonly<Record<string, string>>;
  /**
   * Serve a real semantic index instead of the test-hashing one: its folder and the
   * OpenAI-compatible server (the bundled e5 model) that embeds the questions.
   */
  semantic?: { readonly indexDir: string; readonly indexId: string; readonly baseURL: string; readonly model: string };
}

export interface E2eStack {
  /** `http://127.0.0.1:PORT` of the proxy (the demo page is at `/`). */
  readonly baseUrl: string;
  readonly xai: FakeXaiServer;
  readonly gemini: FakeGemini;
  readonly proxy: RunningServer;
  /** Proxy log lines (JSON), for tests that check what the proxy saw. */
  readonly proxyLog: string[];
  readonly browser: LaunchedChromium;
  /** Index id served, or null without an index. */
  readonly indexId: string | null;
  /** A new tab in the shared profile (IndexedDB persists between tabs, like revisits). */
  newPage(): Promise<{ page: Page; network: NetworkLog }>;
  close(): Promise<void>;
}

let widgetBuild: Promise<string> | undefined;
let testIndex: Promise<{ readonly root: string; readonly id: string }> | undefined;

/** A temp dir removed when this test process ends (the files sharing a worker reuse what it holds). */
async function processTempDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Build the widget once per test process into a temp dir (never touches dist/). */
export function buildWidgetForTests(): Promise<string> {
  widgetBuild ??= (async () => {
    const outDir = await processTempDir('quran-dai-widget-');
    await buildWidgetBundle({ outDir, logLevel: 'error' });
    return outDir;
  })();
  return widgetBuild;
}

/** The test-hashing index of the whole test corpus, built once per test process (the stacks only read it). */
function buildTestIndex(): Promise<{ readonly root: string; readonly id: string }> {
  testIndex ??= (async () => {
    const root = await processTempDir('quran-dai-index-');
    const built = await runIndexBuild({
      corpus: await loadTestCorpus(),
      embedder: new TestHashingEmbedder({ dims: E2E_INDEX_DIMS }),
      embedderKind: 'test-hashing',
      outRoot: root,
    });
    return { root, id: built.manifest.id };
  })();
  return testIndex;
}

/**
 * One stack for the calling file's tests: started before them, closed after them. Returns a
 * getter, since the stack exists only once `beforeAll` has run.
 */
export function useE2eStack(options: E2eStackOptions = {}): () => E2eStack {
  let stack: E2eStack | undefined;
  beforeAll(async () => {
    stack = await startE2eStack(options);
  }, 120_000);
  afterAll(async () => {
    await stack?.close();
  });
  return () => {
    if (!stack) throw new Error('the browser-test stack is not started: call the getter inside a test, not at import');
    return stack;
  };
}

export async function startE2eStack(options: E2eStackOptions = {}): Promise<E2eStack> {
  const withIndex = options.withIndex ?? true;
  const withChat = options.withChat ?? true;
  const cleanups: (() => Promise<unknown>)[] = [];
  try {
    const widgetDir = await buildWidgetForTests();
    const xai = await startFakeXai(options.answer === undefined ? {} : { respondWith: options.answer });
    cleanups.push(() => xai.close());
    const gemini = await startFakeGemini();
    cleanups.push(() => gemini.close());

    const semantic = options.semantic;
    const shared = withIndex && !semantic ? await buildTestIndex() : undefined;
    const indexRoot = semantic ? dirname(semantic.indexDir) : (shared?.root ?? (await mkdtemp(join(tmpdir(), 'quran-dai-index-'))));
    if (!semantic && !shared) cleanups.push(() => rm(indexRoot, { recursive: true, force: true }));
    const indexId: string | null = semantic?.indexId ?? shared?.id ?? null;

    const proxyLog: string[] = [];
    const proxy = await startServer({
      port: 0,
      host: '127.0.0.1',
      log: (line) => void proxyLog.push(line),
      corpus: await loadTestCorpus(),
      // The test index's questions are embedded like its verses (the proxy ships no hashing embedder).
      ...(withIndex && !semantic ? { queryEmbedder: new TestHashingEmbedder({ dims: E2E_INDEX_DIMS }) } : {}),
      env: {
        CHAT_PROVIDER: withChat ? 'xai' : '',
        XAI_API_KEY: withChat ? FAKE_XAI_API_KEY : '',
        XAI_BASE_URL: xai.baseURL,
        GEMINI_API_KEY: withIndex && !semantic ? FAKE_GEMINI_API_KEY : '',
        GEMINI_BASE_URL: gemini.baseURL,
        ...(semantic ? { EMBEDDINGS_BASE_URL: semantic.baseURL, EMBEDDINGS_MODEL: semantic.model } : {}),
        CORPUS_DIR: DEFAULT_CORPUS_DIR,
        INDEX_DIR: indexRoot,
        // The mosque's documents only when a test builds them: never what `npm start` left in data/dist/site.
        SITE_DIR: join(indexRoot, 'no-site'),
        INDEX_ID: indexId ?? '',
        DEMO_DIR: join(REPO_ROOT, 'demo'),
        WIDGET_DIR: widgetDir,
        RATE_LIMIT_CHAT_PER_HOUR: '10000',
        RATE_LIMIT_EMBED_PER_HOUR: '10000',
        UPSTREAM_MAX_RETRIES: '0',
        // LLM-assisted retrieval adds a call to the fake xAI per question; the tests of it turn it on.
        SUGGEST_TIMEOUT_MS: '0',
        ...options.env,
      },
    });
    cleanups.push(() => proxy.close());

    const browser = await launchChromium(options.viewport ? { viewport: options.viewport } : {});
    cleanups.push(() => browser.close());

    return {
      baseUrl: proxy.url,
      xai,
      gemini,
      proxy,
      proxyLog,
      browser,
      indexId,
      async newPage() {
        const page = await browser.context.newPage();
        await installReadyLog(page);
        return { page, network: recordNetwork(page) };
      },
      async close() {
        for (const c of cleanups.reverse()) await c().catch(() => undefined);
      },
    };
  } catch (e) {
    for (const c of cleanups.reverse()) await c().catch(() => undefined);
    throw e;
  }
}
