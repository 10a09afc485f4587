/**
 * The proxy on workerd, Cloudflare's runtime, started as a volunteer would
 * (`npm run worker:dev -- --port N`), with the demo page opened in Chromium: keyword search, a
 * streamed answer from the fake xAI with its citations checked, questions embedded through
 * `/api/embed` by a fake OpenAI-compatible embeddings server, and a chat rate limit that holds
 * from one question to the next. Answers are verified against a fake upstream.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAIEmbeddings } from '../data/testing/fake-openai-embeddings.js';
import { startFakeXai, type FakeXaiServer } from '../proxy/testing/fake-xai.js';
import { buildWidgetForTests } from '../widget/testing/e2e/e2e-stack.js';
import { launchChromium, type LaunchedChromium } from '../widget/testing/e2e/launch-chromium.js';
import { askQuestion, installReadyLog, waitForAnswerDone, waitForWidgetReady } from '../widget/testing/e2e/widget-page.js';
import { REPO_ROOT } from '../proxy/server.js';
import { nodeArgsOfScript } from './start/node-run-script.js';

const WIDGET = 'inline-widget';
const PORT = 18_000 + Math.floor(Math.random() * 1000);
const BASE = `http://127.0.0.1:${PORT}`;
/** The index the project ships: its questions are embedded by an OpenAI-compatible server (here the fake). */
const INDEX_ID = 'multilingual-e5-small-384';

let xai: FakeXaiServer;
let embeddings: FakeOpenAIEmbeddings;
let worker: ChildProcess;
let browser: LaunchedChromium;
const workerLog: string[] = [];
/** worker:dev keeps its settings file (the keys) in a temporary folder of this name. */
const workerStateDirs = () => readdirSync(tmpdir()).filter((n) => n.startsWith('quran-dai-worker-'));
let stateDirsBefore: string[] = [];

/** Node's arguments in `npm run worker:dev`: run by node itself, so a signal reaches the script and it cleans up. */
const workerDevNodeArgs = (): string[] => nodeArgsOfScript(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8'), 'worker:dev');

beforeAll(async () => {
  const widgetDir = await buildWidgetForTests();
  xai = await startFakeXai();
  embeddings = await new FakeOpenAIEmbeddings({ modelName: 'multilingual-e5-small' }).start();
  stateDirsBefore = workerStateDirs();
  worker = spawn(process.execPath, [...workerDevNodeArgs(), '--port', String(PORT)], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      CHAT_PROVIDER: 'xai',
      XAI_API_KEY: 'fake-xai-test-key',
      XAI_BASE_URL: xai.baseURL,
      EMBEDDINGS_BASE_URL: embeddings.baseURL,
      EMBEDDINGS_MODEL: 'multilingual-e5-small',
      INDEX_DIR: join(REPO_ROOT, 'data', 'prebuilt', 'index'),
      INDEX_ID,
      SITE_DIR: join(REPO_ROOT, 'no-site-documents'),
      WIDGET_DIR: widgetDir,
      RATE_LIMIT_CHAT_PER_HOUR: '1',
      RATE_LIMIT_EMBED_PER_HOUR: '10000',
      UPSTREAM_MAX_RETRIES: '0',
      SUGGEST_TIMEOUT_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  worker.stdout!.on('data', (d: Buffer) => void workerLog.push(d.toString()));
  worker.stderr!.on('data', (d: Buffer) => void workerLog.push(d.toString()));
  await waitForHealth();
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  worker?.kill('SIGTERM');
  await xai?.close();
  await embeddings?.close();
});

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (worker.exitCode !== null) throw new Error(`npm run worker:dev exited (${worker.exitCode}):\n${workerLog.join('')}`);
    try {
      const res = await fetch(`${BASE}/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the Worker did not answer /health:\n${workerLog.join('')}`);
}

async function openDemo(): Promise<Page> {
  const page = await browser.context.newPage();
  await installReadyLog(page);
  await page.goto(`${BASE}/`);
  return page;
}

describe('when the proxy runs on workerd', () => {
  it('should serve the demo page, whose widget finds verses by keyword and by meaning, and stream a checked answer', async () => {
    const page = await openDemo();
    const ready = await waitForWidgetReady(page, WIDGET, 60_000);
    expect(ready.indexId).toBe(INDEX_ID);
    expect(ready.chat).toBe(true);
    const answer = 'Allah is with those who are patient [2:153]. Seek help through patience and prayer, and hardship is followed by ease.';
    xai.respondWith({ text: answer, chunkChars: 8, chunkDelayMs: 20 });
    const embedCalls = embeddings.calls.length;
    await askQuestion(page, WIDGET, 'seek help through patience and prayer');

    await page.locator(`#${WIDGET} article[part~="verse"][data-ref="2:153"]`).waitFor({ timeout: 30_000 });
    await waitForAnswerDone(page, WIDGET, 30_000);
    const body = page.locator(`#${WIDGET} [part~="answer-body"]`);
    expect(await body.textContent()).toContain('hardship is followed by ease');
    const citation = body.locator('a[part~="citation-verified"]').first();
    expect(await citation.getAttribute('href')).toBe('https://quran.com/2/153');
    // The question went through the Worker's /api/embed to the embeddings server.
    expect(embeddings.calls.length).toBeGreaterThan(embedCalls);
    expect(JSON.stringify(embeddings.calls.at(-1)!.body)).toContain('seek help through patience and prayer');
    // The LLM was sent references, never verse text.
    expect(JSON.stringify(xai.calls.at(-1)!.requestBodyJson.messages)).toContain('2:153');

    // RATE_LIMIT_CHAT_PER_HOUR=1: the next question still gets its verses, and the wait is said.
    const chatCalls = xai.calls.length;
    await askQuestion(page, WIDGET, 'what does the Quran say about prayer');
    await page.locator(`#${WIDGET} [part~="notice-rate-limited"]`).waitFor({ timeout: 30_000 });
    expect(await page.locator(`#${WIDGET} article[part~="verse"]`).count()).toBeGreaterThan(0);
    expect(xai.calls.length).toBe(chatCalls);
    await page.close();
  }, 120_000);

  it('should answer /api/embed from the embeddings server, with the same checks as on Node', async () => {
    const post = (origin: string, body: string) =>
      fetch(`${BASE}/api/embed`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body });
    const ok = await post(BASE, JSON.stringify({ text: 'mercy' }));
    expect(ok.status).toBe(200);
    expect(embeddings.calls.some((c) => JSON.stringify(c.body).includes('mercy'))).toBe(true);
    expect((await post(BASE, 'not json')).status).toBe(400);
    // A page ALLOWED_ORIGINS does not list gets nothing (it is empty here: only the Worker's own pages).
    expect((await post('https://elsewhere.example', JSON.stringify({ text: 'mercy' }))).status).toBe(403);
  });

  it('should refuse an oversized chunked body with 413 and answer the next request at once, as on Node', async () => {
    const chunk = new TextEncoder().encode(`{"text":"${'a'.repeat(64 * 1024)}`);
    let sent = 0;
    // No Content-Length: the body arrives in chunks and only its size tells it is too large.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 32) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const init = { method: 'POST', headers: { 'content-type': 'application/json', origin: BASE }, body, duplex: 'half' } as RequestInit;
    // workerd answers 413 and may close the connection while the body is still being sent: the
    // client then sees either the 413 or a reset, both a refusal. On a loaded machine it has also
    // answered 503 (the body not read to its end either): a refusal too, said with its body.
    let said = '';
    const refused = await fetch(`${BASE}/api/embed`, init).then(
      async (res) => {
        said = (await res.text().catch(() => '')).slice(0, 200);
        return res.status;
      },
      (e: unknown) => ((e as { cause?: { code?: string } }).cause?.code === 'ECONNRESET' ? 'reset' : Promise.reject(e)),
    );
    expect([413, 503, 'reset'], `refused with ${refused}: ${said}`).toContain(refused);
    // Answered within 5 s: on a loaded clean machine workerd has answered the first try with a
    // 503 (Retry-After) while it let go of the refused body; a try again then succeeds.
    const started = Date.now();
    let next: Response;
    for (;;) {
      next = await fetch(`${BASE}/api/embed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE },
        body: JSON.stringify({ text: 'patience' }),
        signal: AbortSignal.timeout(10_000),
      });
      if (next.status !== 503 || Date.now() - started > 4_000) break;
      await next.body?.cancel();
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(next.status).toBe(200);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('should remove its temporary settings folder (the keys) when it stops', async () => {
    const own = workerStateDirs().filter((n) => !stateDirsBefore.includes(n));
    expect(own).toHaveLength(1);
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGTERM');
    await exited;
    expect(existsSync(join(tmpdir(), own[0]!))).toBe(false);
  });
});

describe('when worker:dev starts with no embeddings server set', () => {
  it('should start the bundled model beside the Worker, as npm start does, for meaning search', async () => {
    const port = PORT + 1;
    const log: string[] = [];
    const env: NodeJS.ProcessEnv = { ...process.env, SITE_DIR: join(REPO_ROOT, 'no-site-documents'), CHAT_PROVIDER: 'none' };
    delete env.EMBEDDINGS_BASE_URL;
    delete env.INDEX_ID;
    const local = spawn(process.execPath, [...workerDevNodeArgs(), '--port', String(port)], {
      cwd: REPO_ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    local.stdout!.on('data', (d: Buffer) => void log.push(d.toString()));
    local.stderr!.on('data', (d: Buffer) => void log.push(d.toString()));
    try {
      const deadline = Date.now() + 150_000;
      let up = false;
      while (!up && Date.now() < deadline && local.exitCode === null) {
        up = await fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        );
        if (!up) await new Promise((r) => setTimeout(r, 500));
      }
      expect(up, log.join('')).toBe(true);
      const config = (await (await fetch(`http://127.0.0.1:${port}/api/config`)).json()) as { index: { id: string; queryEmbedding: string } | null };
      expect(config.index).toMatchObject({ id: INDEX_ID, queryEmbedding: 'proxy' });
      const embedded = await fetch(`http://127.0.0.1:${port}/api/embed`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify({ text: 'patience in hardship' }),
      });
      expect(embedded.status).toBe(200);
      expect(((await embedded.json()) as { dims: number }).dims).toBe(384);
      expect(log.join('')).toContain('meaning and keyword search, index multilingual-e5-small-384');
    } finally {
      const exited = new Promise((resolve) => local.once('exit', resolve));
      local.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
