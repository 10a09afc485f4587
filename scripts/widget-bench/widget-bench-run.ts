/**
 * Runs the widget bench: the real proxy (with its compression) serves the built widget, a
 * probe page and the data; headless Chromium measures first and repeat visits in fresh
 * browser contexts. Fake upstreams only: no key, no network.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { loadCorpusFromDir, DEFAULT_CORPUS_DIR } from '../../data/corpus/corpus-loader-node.js';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../../data/corpus/corpus-types.js';
import { TestHashingEmbedder } from '../../data/embed/test-hashing-embedder.js';
import { runIndexBuild } from '../index-build/index-build-run.js';
import { summarize } from '../bench/bench-stats.js';
import { startServer } from '../../proxy/server.js';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../widget/testing/e2e/launch-chromium.js';
import { recordNetwork, type NetworkLog } from '../../widget/testing/e2e/network-log.js';
import { buildProbeSite } from './probe-site.js';
import type { ProbeResult } from '../../widget/testing/probe/data-probe.js';
import type { WidgetBenchResults } from './widget-bench-report.js';

export interface WidgetBenchOptions {
  /** First + repeat visits measured. Default 5. */
  runs?: number;
  /** Dimension of the (test-hashing) vector index. Default 768. */
  dims?: number;
  log?: (line: string) => void;
}

export async function runWidgetBench(options: WidgetBenchOptions = {}): Promise<WidgetBenchResults> {
  const runs = options.runs ?? 5;
  const dims = options.dims ?? 768;
  const log = options.log ?? (() => undefined);
  const work = await mkdtemp(join(tmpdir(), 'quran-dai-widget-bench-'));
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    log('building the widget and the probe…');
    const { widgetDir, demoDir, widgetFiles } = await buildProbeSite(work);

    log(`building a ${dims}-dim test index…`);
    const corpus = await loadCorpusFromDir({ tracks: [...TRANSLATION_LANGS, TRANSLITERATION_KEY] });
    const indexRoot = join(work, 'index');
    const built = await runIndexBuild({ corpus, embedder: new TestHashingEmbedder({ dims }), embedderKind: 'test-hashing', outRoot: indexRoot });
    const indexId = built.manifest.id;

    server = await startServer({
      port: 0,
      host: '127.0.0.1',
      corpus,
      queryEmbedder: new TestHashingEmbedder({ dims }),
      log: () => undefined,
      env: {
        CORPUS_DIR: DEFAULT_CORPUS_DIR,
        INDEX_DIR: indexRoot,
        INDEX_ID: indexId,
        DEMO_DIR: demoDir,
        WIDGET_DIR: widgetDir,
        RATE_LIMIT_EMBED_PER_HOUR: '100000',
        RATE_LIMIT_CHAT_PER_HOUR: '100000',
      },
    });
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: [...CHROMIUM_ARGS] });

    const probeFirst: ProbeResult[] = [];
    const probeRepeat: ProbeResult[] = [];
    const probeRepeatBuilt: ProbeResult[] = [];
    const widgetFirst: number[] = [];
    const widgetRepeat: number[] = [];
    let firstBytes = { corpus: 0, index: 0, corpusRaw: 0, indexRaw: 0 };
    let repeatBytes = 0;
    let laterBytes: Record<string, number> = {};
    for (let run = 0; run < runs; run++) {
      // Probe: data + search, no rendering.
      const probeContext = await browser.newContext();
      const probePage = await probeContext.newPage();
      const network = recordNetwork(probePage, { decoded: true });
      const probeUrl = `${server.url}/probe.html?dataBase=/data&index=${encodeURIComponent(indexId)}`;
      probeFirst.push(await probeVisit(probePage, probeUrl, false));
      await network.settle();
      firstBytes = await dataBytes(network, server.url);
      const early = network.dataFiles().find((r) => LATER_PARTS.some((l) => r.url.includes(`/${l}`)));
      if (early) throw new Error(`the first visit downloaded ${early.url}, a text meant to load after the first results`);
      network.clear();
      laterBytes = await laterPartBytes(probePage, network, server.url);
      network.clear();
      // Two repeat visits: restoring the index snapshots the first visit saved, and with every
      // index built from the text (snapshots off: the path before them). The later visit of a
      // page runs warmer (compiled script, IndexedDB), so the order alternates between runs.
      const restoredVisit = async () => {
        probeRepeat.push(await probeVisit(probePage, probeUrl, true, 'goto'));
        const origin = probeRepeat.at(-1)!.indexOrigin;
        if (origin?.en !== 'restored' || origin['arabic-search'] !== 'restored')
          throw new Error(`repeat visit did not restore the saved indexes: ${JSON.stringify(origin)}`);
      };
      const builtVisit = async () => {
        probeRepeatBuilt.push(await probeVisit(probePage, `${probeUrl}&snapshots=off`, true, 'goto'));
      };
      if (run % 2 === 0) {
        await restoredVisit();
        await builtVisit();
      } else {
        await builtVisit();
        await restoredVisit();
      }
      await network.settle();
      repeatBytes = Math.max(
        repeatBytes,
        network.dataFiles().reduce((n, r) => n + r.transferBytes, 0),
      );
      await probeContext.close();

      // The real element on the demo page.
      const widgetContext = await browser.newContext();
      const widgetPage = await widgetContext.newPage();
      await widgetPage.addInitScript(() => {
        document.addEventListener('quran-dai-ready', (e) => {
          const w = window as unknown as { __readyAt?: number };
          if ((e.target as Element).id === 'inline-widget') w.__readyAt ??= performance.now();
        });
      });
      widgetFirst.push(await widgetVisit(widgetPage, `${server.url}/`, false));
      widgetRepeat.push(await widgetVisit(widgetPage, `${server.url}/`, true));
      await widgetContext.close();
      log(
        `  repeat-visit marks: ${JSON.stringify(probeRepeat.at(-1)!.marks ?? {})}, data ${probeRepeat.at(-1)!.dataReadyMs} ms, ready ${probeRepeat.at(-1)!.readyMs} ms`,
      );
      log(
        `run ${run + 1}/${runs}: probe first ${probeFirst.at(-1)!.readyMs} ms, repeat ${probeRepeat.at(-1)!.readyMs} ms (index built: ${probeRepeatBuilt.at(-1)!.readyMs} ms${run % 2 === 0 ? ', visited after' : ', visited before'}); widget first ${Math.round(widgetFirst.at(-1)!)} ms, repeat ${Math.round(widgetRepeat.at(-1)!)} ms`,
      );
    }
    return {
      date: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      // The load average says how shared the cores were (other jobs run on this machine).
      machine: `${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}, 1-min load average ${loadavg()[0]!.toFixed(1)} at the end`,
      browser: `chromium ${browser.version()}`,
      runs,
      indexId,
      dims,
      probe: {
        firstReadyMs: summarize(probeFirst.map((p) => p.readyMs)),
        firstIndexReadyMs: summarize(probeFirst.map((p) => p.indexReadyMs)),
        firstDataReadyMs: summarize(probeFirst.map((p) => p.dataReadyMs)),
        repeatReadyMs: summarize(probeRepeat.map((p) => p.readyMs)),
        repeatDataReadyMs: summarize(probeRepeat.map((p) => p.dataReadyMs)),
        repeatBuiltReadyMs: summarize(probeRepeatBuilt.map((p) => p.readyMs)),
        repeatIndexMs: summarize(probeRepeat.map((p) => p.readyMs - p.dataReadyMs)),
        repeatBuiltIndexMs: summarize(probeRepeatBuilt.map((p) => p.readyMs - p.dataReadyMs)),
        prepareEnMs: summarize([...probeFirst, ...probeRepeatBuilt].map((p) => p.prepareMs.en ?? NaN)),
        prepareArMs: summarize([...probeFirst, ...probeRepeatBuilt].map((p) => p.prepareMs['arabic-search'] ?? NaN)),
        restoreEnMs: summarize(probeRepeat.map((p) => p.prepareMs.en ?? NaN)),
        restoreArMs: summarize(probeRepeat.map((p) => p.prepareMs['arabic-search'] ?? NaN)),
        snapshotBytes: probeFirst.at(-1)!.snapshotBytes ?? {},
      },
      widget: { firstReadyMs: summarize(widgetFirst), repeatReadyMs: summarize(widgetRepeat) },
      firstVisitBytes: firstBytes,
      laterBytes,
      repeatVisitDataBytes: repeatBytes,
      widgetMainGzipBytes: widgetFiles.find((f) => f.main)?.gzipBytes ?? NaN,
    };
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.close().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}

/** `repeat`: the data is expected from the cache; reached by reloading (default) or by loading `url`. */
async function probeVisit(page: Page, url: string, repeat: boolean, how: 'reload' | 'goto' = repeat ? 'reload' : 'goto'): Promise<ProbeResult> {
  if (how === 'reload') await page.reload();
  else await page.goto(url);
  const reload = repeat;
  const handle = await page.waitForFunction(() => window.__quranDaiProbe ?? null, undefined, { timeout: 60_000 });
  const result = (await handle.jsonValue()) as ProbeResult;
  if (!result.ok) throw new Error(`probe failed: ${result.error}`);
  if (result.fromCache !== reload) throw new Error(`probe ${reload ? 'repeat' : 'first'} visit reported fromCache=${result.fromCache}`);
  if (!result.vectorSearch) throw new Error('probe loaded no vector index');
  return result;
}

async function widgetVisit(page: Page, url: string, reload: boolean): Promise<number> {
  if (reload) await page.reload();
  else await page.goto(url);
  const handle = await page.waitForFunction(() => (window as unknown as { __readyAt?: number }).__readyAt ?? null, undefined, { timeout: 60_000 });
  return (await handle.jsonValue()) as number;
}

/** Corpus parts the widget loads only after the first results. */
const LATER_PARTS = ['explanation-'];

/** Each later part fetched by the page as the widget fetches it, and its bytes on the wire. */
async function laterPartBytes(page: Page, network: NetworkLog, origin: string): Promise<Record<string, number>> {
  const manifest = (await (await fetch(`${origin}/data/corpus/manifest.json`)).json()) as { files: { part: string; path: string }[] };
  const out: Record<string, number> = {};
  for (const f of manifest.files.filter((x) => LATER_PARTS.some((l) => x.part.startsWith(l)))) {
    const url = `${origin}/data/corpus/${f.path}`;
    await page.evaluate(async (u) => void (await (await fetch(u, { cache: 'no-store' })).arrayBuffer()), url);
    await network.settle();
    out[f.part] = network.dataFiles().find((r) => r.url === url)?.transferBytes ?? NaN;
  }
  return out;
}

/** Bytes of the first visit's data files: on the wire (compressed) and decoded, both as the page received them. */
async function dataBytes(network: NetworkLog, origin: string): Promise<{ corpus: number; index: number; corpusRaw: number; indexRaw: number }> {
  const out = { corpus: 0, index: 0, corpusRaw: 0, indexRaw: 0 };
  for (const r of network.dataFiles()) {
    const raw = r.decodedBytes ?? NaN;
    if (r.url.startsWith(`${origin}/data/index/`)) {
      out.index += r.transferBytes;
      out.indexRaw += raw;
    } else {
      out.corpus += r.transferBytes;
      out.corpusRaw += raw;
    }
  }
  return out;
}
