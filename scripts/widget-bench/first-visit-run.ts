/**
 * @module
 * The first visit as a visitor on a slow phone link meets it, with what ships: the corpus, the
 * shipped multilingual-e5-small index (`data/prebuilt/index`), and the topic index with its
 * vectors in the visitor's language. Each run is a fresh browser context (nothing cached),
 * optionally under Chromium's network emulation ("Fast 3G": 1.6 Mbit/s down, 750 kbit/s up,
 * 150 ms latency). Reports the bytes on the wire per part and when the first results and hybrid
 * search (with topics) are ready.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { DEFAULT_CORPUS_DIR, loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../../data/corpus/corpus-types.js';
import { summarize, type LatencySummary } from '../bench/bench-stats.js';
import { startServer } from '../../proxy/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../widget/testing/e2e/launch-chromium.js';
import { recordNetwork } from '../../widget/testing/e2e/network-log.js';
import { buildProbeSite } from './probe-site.js';
import { copyPrebuiltIndex, prebuiltIndexManifest } from '../index-build/prebuilt-index.js';
import { DEFAULT_TOPICS_DIR } from '../../data/topics/topic-loader-node.js';
import { precompressDirs } from '../precompress/precompress-files.js';
import { formatPrecompressReport } from '../precompress-data.js';
import type { ProbeResult } from '../../widget/testing/probe/data-probe.js';

export const SHIPPED_INDEX_ID = 'multilingual-e5-small-384';

/** Chromium's "Fast 3G" preset as the issue names it: bytes per second, ms. */
export const THROTTLES = {
  fast3g: { downloadThroughput: (1.6 * 1_000_000) / 8, uploadThroughput: (750 * 1000) / 8, latency: 150 },
} as const;
export type Throttle = keyof typeof THROTTLES;

/** What a first visit may cost on this machine (the slow-link targets). */
export const FIRST_VISIT_TARGETS = { hybridWithTopicsBytes: 1200 * 1024, firstResultsMs: 4000, hybridReadyMs: 8000 } as const;

export interface FirstVisitResults {
  readonly runs: number;
  readonly throttle: Throttle | null;
  readonly lang: string;
  /** Bytes on the wire of one first visit, per part. */
  readonly bytes: { readonly corpus: number; readonly index: number; readonly topicVectors: number; readonly topics: number; readonly total: number };
  readonly firstResultsMs: LatencySummary;
  readonly vectorsReadyMs: LatencySummary;
  readonly topicsReadyMs: LatencySummary;
  /** Vectors and topics both in: hybrid search with topics. */
  readonly hybridReadyMs: LatencySummary;
  /** A staged index: its exact vectors in too (after hybrid search is ready), or null. */
  readonly vectorsRefinedMs: LatencySummary | null;
  /** Bytes on the wire that refine the vectors after hybrid search is ready (a staged index's magnitudes). */
  readonly refineBytes: number;
}

/** Which part a data file is, by its path: a staged index's magnitudes refine it after hybrid search is ready. */
export function firstVisitPart(path: string): 'corpus' | 'index' | 'topicVectors' | 'topics' | 'refine' {
  if (path.startsWith('/data/topics/')) return 'topics';
  if (path.startsWith('/data/index/'))
    return /\/topic-vectors\.|\/topics\.json$/.test(path) ? 'topicVectors' : /\/magnitudes\.[0-9a-f]+\.bin$/.test(path) ? 'refine' : 'index';
  return 'corpus';
}

export async function runFirstVisitBench(
  o: { runs?: number; throttle?: Throttle | null; lang?: string; log?: (line: string) => void } = {},
): Promise<FirstVisitResults> {
  const runs = o.runs ?? 3;
  const lang = o.lang ?? 'en';
  const throttle = o.throttle ?? null;
  const log = o.log ?? (() => undefined);
  const work = await mkdtemp(join(tmpdir(), 'quran-dai-first-visit-'));
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log('building the widget and the probe…');
    const { widgetDir, demoDir } = await buildProbeSite(work);
    const corpus = await loadCorpusFromDir({ tracks: [...TRANSLATION_LANGS, TRANSLITERATION_KEY] });
    // What `npm start` serves: a copy of the shipped index, and brotli copies of every data file.
    const shipped = prebuiltIndexManifest(SHIPPED_INDEX_ID, corpus.manifest.version);
    if (!shipped)
      throw new Error(
        `the shipped index ${SHIPPED_INDEX_ID} is not for this corpus (${corpus.manifest.version}); npm run build:corpus, then check data/prebuilt/index`,
      );
    const indexRoot = join(work, 'index');
    await copyPrebuiltIndex(shipped, indexRoot);
    log(formatPrecompressReport(await precompressDirs([DEFAULT_CORPUS_DIR, DEFAULT_TOPICS_DIR, join(indexRoot, SHIPPED_INDEX_ID)])));
    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      corpus,
      log: () => undefined,
      env: {
        CORPUS_DIR: DEFAULT_CORPUS_DIR,
        INDEX_DIR: indexRoot,
        INDEX_ID: SHIPPED_INDEX_ID,
        DEMO_DIR: demoDir,
        WIDGET_DIR: widgetDir,
        CHAT_PROVIDER: 'none',
      },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });
    const url = `${server.url}/probe.html?dataBase=/data&index=${SHIPPED_INDEX_ID}&topics=${encodeURIComponent(lang)}`;
    const probes: ProbeResult[] = [];
    let bytes = { corpus: 0, index: 0, topicVectors: 0, topics: 0, total: 0 };
    let refineBytes = 0;
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext();
      const page = await context.newPage();
      if (throttle) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', { offline: false, ...THROTTLES[throttle] });
      }
      const network = recordNetwork(page);
      await page.goto(url);
      const handle = await page.waitForFunction(() => window.__quranDaiProbe ?? null, undefined, { timeout: 180_000 });
      const result = (await handle.jsonValue()) as ProbeResult;
      if (!result.ok) throw new Error(`probe failed: ${result.error}`);
      if (!result.vectorSearch) throw new Error(`the shipped index ${SHIPPED_INDEX_ID} was not loaded (npm run build:corpus, then check data/prebuilt/index)`);
      await network.settle();
      const parts = { corpus: 0, index: 0, topicVectors: 0, topics: 0, total: 0 };
      refineBytes = 0;
      for (const r of network.dataFiles()) {
        const part = firstVisitPart(new URL(r.url).pathname);
        if (part === 'refine') {
          refineBytes += r.transferBytes;
          continue;
        }
        parts[part] += r.transferBytes;
        parts.total += r.transferBytes;
      }
      bytes = parts;
      probes.push(result);
      log(
        `run ${run + 1}/${runs}${throttle ? ` (${throttle})` : ''}: first results ${result.readyMs} ms (data in at ${result.dataReadyMs} ms, then ${result.buildSearchMs} ms to search), vectors ${result.indexReadyMs} ms, topics ${result.topicsReadyMs} ms${result.indexRefinedMs ? `, exact vectors ${result.indexRefinedMs} ms` : ''}; ${Math.round(parts.total / 1024)} KiB (+${Math.round(refineBytes / 1024)} KiB later)`,
      );
      await context.close();
    }
    return {
      runs,
      throttle,
      lang,
      bytes,
      firstResultsMs: summarize(probes.map((p) => p.readyMs)),
      vectorsReadyMs: summarize(probes.map((p) => p.indexReadyMs)),
      topicsReadyMs: summarize(probes.map((p) => p.topicsReadyMs ?? NaN)),
      hybridReadyMs: summarize(probes.map((p) => Math.max(p.indexReadyMs, p.topicsReadyMs ?? 0))),
      vectorsRefinedMs: probes.every((p) => p.indexRefinedMs !== undefined) ? summarize(probes.map((p) => p.indexRefinedMs!)) : null,
      refineBytes,
    };
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

/** The lines the issue asks for, with their budgets. */
export function renderFirstVisit(r: FirstVisitResults): string {
  const kib = (b: number) => `${Math.round(b / 1024).toLocaleString('en')} KiB`;
  const verdict = (ok: boolean) => (ok ? 'meets target' : '**misses target**');
  const t = FIRST_VISIT_TARGETS;
  const worst = (s: LatencySummary) => Math.round(s.max);
  const lines = [
    `first visit, everything for hybrid search with topics: ${kib(r.bytes.total)} on the wire (budget ${kib(t.hybridWithTopicsBytes)}: ${verdict(r.bytes.total <= t.hybridWithTopicsBytes)})`,
    `  corpus and lexical data ${kib(r.bytes.corpus)}, vector index ${kib(r.bytes.index)}, topic vectors ${kib(r.bytes.topicVectors)}, topic file (${r.lang}) ${kib(r.bytes.topics)}`,
  ];
  if (r.throttle) {
    lines.push(
      `first results on ${r.throttle}: ${worst(r.firstResultsMs)} ms (worst of ${r.runs}; budget ${t.firstResultsMs} ms: ${verdict(worst(r.firstResultsMs) <= t.firstResultsMs)})`,
    );
    lines.push(
      `hybrid search ready on ${r.throttle}: ${worst(r.hybridReadyMs)} ms (worst of ${r.runs}; vectors ${worst(r.vectorsReadyMs)} ms, topics ${worst(r.topicsReadyMs)} ms; budget ${t.hybridReadyMs} ms: ${verdict(worst(r.hybridReadyMs) <= t.hybridReadyMs)})`,
    );
    if (r.vectorsRefinedMs)
      lines.push(`then the exact vectors (${kib(r.refineBytes)} more) on ${r.throttle}: ${worst(r.vectorsRefinedMs)} ms (worst of ${r.runs})`);
  } else {
    lines.push(`first results: ${worst(r.firstResultsMs)} ms, hybrid search ready: ${worst(r.hybridReadyMs)} ms (worst of ${r.runs}, unthrottled loopback)`);
  }
  return lines.join('\n');
}
