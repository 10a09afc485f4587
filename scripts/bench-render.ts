/**
 * `npm run bench:render`: streams four hostile answers (render-cases.ts) from a fake xAI upstream
 * through the real proxy into the real widget in headless Chromium, and measures how long the
 * page's main thread is blocked while each renders: one line per case, then
 * `longest main-thread block: N ms` (the worst case; the target is at most 100 ms). The search
 * and its results before the answer's first words are the same in every case: their longest
 * block is printed apart.
 *
 * The block is the longest gap between ticks of a 10 ms timer on the page (minus the 10 ms),
 * and Chromium's own long-task entries; the larger is reported. Beside it, from a Chromium trace,
 * the CPU time of the main thread's busiest task while the answer rendered: on a busy machine a
 * block also counts time the page waited for a core, the CPU time is the page's own work.
 * Fake upstream only: no key.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { DEFAULT_CORPUS_DIR, loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { startServer } from '../proxy/server.js';
import { startFakeXai } from '../proxy/testing/fake-xai.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../widget/testing/e2e/launch-chromium.js';
import { buildWidgetBundle } from './widget-build/build-widget-bundle.js';
import { RENDER_CASES, type RenderCase } from './render-bench/render-cases.js';
import { longestTaskAfterMark, MAIN_THREAD_TRACE_CATEGORIES, traceEvents, type LongestTask } from './render-bench/main-thread-tasks.js';

const PAGE = `<!doctype html><meta charset="utf-8"><title>render bench</title>
<script type="module" src="/widget/quran-dai.js"></script>
<quran-dai proxy="/" lang="en"></quran-dai>`;

/**
 * Installed in the page before the question is asked: the longest timer gap and long task, kept
 * apart for the search and its results (before the answer's first words show) and for the answer.
 */
const ANSWER_MARK = 'quran-dai-answer-start';
const MONITOR = `(() => {
  const before = { gap: 0, longTask: 0 };
  const answer = { gap: 0, longTask: 0 };
  const m = (window.__block = { before, answer, answerFrom: Infinity });
  const body = () => document.querySelector('quran-dai')?.shadowRoot?.querySelector('[part~="answer-body"]');
  let last = performance.now();
  window.__tick = setInterval(() => {
    const now = performance.now();
    const phase = now > m.answerFrom ? answer : before;
    phase.gap = Math.max(phase.gap, now - last - 10);
    last = now;
    if (m.answerFrom === Infinity && body()?.textContent) { m.answerFrom = now; performance.mark('${ANSWER_MARK}'); }
  }, 10);
  try { new PerformanceObserver((list) => { for (const e of list.getEntries()) { const phase = e.startTime >= m.answerFrom ? answer : before; phase.longTask = Math.max(phase.longTask, e.duration); } }).observe({ type: 'longtask' }); } catch {}
})()`;

/**
 * The same 10 ms timer on an idle page of another site (so its own renderer process), open while
 * each answer renders: its longest gap is what the machine alone costs a page at that moment.
 */
const IDLE_MONITOR = `(() => {
  const m = (window.__idle = { gap: 0 });
  let last = performance.now();
  setInterval(() => { const now = performance.now(); m.gap = Math.max(m.gap, now - last - 10); last = now; }, 10);
})()`;

interface Block {
  readonly gap: number;
  readonly longTask: number;
}

interface CaseResult {
  readonly name: string;
  readonly chars: number;
  /** While the answer rendered: the larger of Chromium's longest task and the longest timer gap (which also counts time the page's process waited for a core). */
  readonly answer: Block;
  /** From the question to the answer's first words: the search and its results, the same in every case. */
  readonly before: Block;
  readonly seconds: number;
  /** The main thread's busiest task while the answer rendered (trace), when the trace had it. */
  readonly busiest: LongestTask | undefined;
  /** The longest timer gap of an idle page of another site meanwhile (ms). */
  readonly idleGap: number;
}

async function main(): Promise<void> {
  const work = await mkdtemp(join(tmpdir(), 'quran-dai-render-bench-'));
  let current: RenderCase = RENDER_CASES[0]!;
  const xai = await startFakeXai({ respondWith: () => ({ text: current.text, chunkChars: current.chunkChars, chunkDelayMs: 1 }), maxRecordedCalls: 5 });
  const widgetDir = join(work, 'widget');
  const demoDir = join(work, 'demo');
  await buildWidgetBundle({ outDir: widgetDir, logLevel: 'error' });
  await mkdir(demoDir);
  // No vector index: keyword search, so the bench measures the answer alone.
  const noIndex = join(work, 'no-index');
  await mkdir(noIndex);
  await writeFile(join(demoDir, 'index.html'), PAGE);
  const corpus = await loadCorpusFromDir({ tracks: ['en'] });
  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    corpus,
    log: () => undefined,
    env: {
      CORPUS_DIR: DEFAULT_CORPUS_DIR,
      INDEX_DIR: noIndex,
      DEMO_DIR: demoDir,
      WIDGET_DIR: widgetDir,
      XAI_API_KEY: 'xai-render-bench',
      XAI_BASE_URL: xai.baseURL,
      RATE_LIMIT_CHAT_PER_HOUR: '1000',
      UPSTREAM_TIMEOUT_MS: '300000',
    },
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
  const results: CaseResult[] = [];
  try {
    for (const c of RENDER_CASES) {
      current = c;
      const page = await browser.newPage();
      await page.goto(`${server.url}/`);
      await page.waitForFunction(
        () => {
          const el = document.querySelector('quran-dai') as HTMLElement & { shadowRoot: ShadowRoot };
          return el?.shadowRoot?.querySelector('button[type="submit"]:not([disabled])') !== null;
        },
        undefined,
        { timeout: 120_000 },
      );
      const idle = await browser.newPage();
      await idle.goto(`${server.url.replace('127.0.0.1', 'localhost')}/health`);
      await idle.evaluate(IDLE_MONITOR);
      await page.evaluate(MONITOR);
      await browser.startTracing(page, { categories: [...MAIN_THREAD_TRACE_CATEGORIES] });
      const t0 = Date.now();
      await page.evaluate(
        () =>
          new Promise<void>((resolve) => {
            document.addEventListener('quran-dai-answer', () => resolve(), { once: true });
            void (document.querySelector('quran-dai') as unknown as { ask(q: string): Promise<void> }).ask('How should I face hardship?');
          }),
      );
      const block = await page.evaluate(() => (window as unknown as { __block: { before: Block; answer: Block } }).__block);
      const seconds = (Date.now() - t0) / 1000;
      const busiest = longestTaskAfterMark(traceEvents(await browser.stopTracing()), ANSWER_MARK);
      const idleGap = await idle.evaluate(() => (window as unknown as { __idle: { gap: number } }).__idle.gap);
      results.push({ name: c.name, chars: c.text.length, answer: block.answer, before: block.before, seconds, busiest, idleGap });
      const r = results.at(-1)!;
      const cpu = r.busiest ? `; busiest task ${ms(r.busiest.cpuMs)} CPU in ${ms(r.busiest.wallMs)}` : '';
      console.log(
        `${r.name}: ${r.chars} characters in ${r.seconds.toFixed(1)} s, longest block ${ms(worst(r.answer))} (longest task ${ms(r.answer.longTask)}, timer gap ${ms(r.answer.gap)}${cpu}; an idle page meanwhile ${ms(r.idleGap)}; before the answer ${ms(worst(r.before))})`,
      );
      await idle.close();
      await page.close();
    }
  } finally {
    await browser.close();
    await server.close();
    await xai.close();
    await rm(work, { recursive: true, force: true });
  }
  console.log(`longest block before the answer (search and results): ${ms(Math.max(...results.map((r) => worst(r.before))))}`);
  console.log(`longest main-thread block: ${ms(Math.max(...results.map((r) => worst(r.answer))))}`);
  const cpu = results.map((r) => r.busiest?.cpuMs).filter((n): n is number => n !== undefined);
  if (cpu.length === results.length) console.log(`busiest main-thread task while an answer rendered, CPU time: ${ms(Math.max(...cpu))}`);
  else console.log('busiest main-thread task: not in the trace (no mark or no main thread)');
  console.log(`longest timer gap of an idle page beside them (the machine alone): ${ms(Math.max(...results.map((r) => r.idleGap)))}`);
}

const worst = (b: Block): number => Math.max(b.gap, b.longTask);
const ms = (n: number): string => `${Math.round(n)} ms`;

main().catch((e: unknown) => {
  console.error(`bench:render failed: ${(e as Error).stack ?? e}`);
  process.exitCode = 1;
});
