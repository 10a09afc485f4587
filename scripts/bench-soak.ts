/**
 * `npm run bench:soak`: a soak and fault benchmark of the proxy (a benchmark, not a test).
 * For 10 minutes (`-- --minutes 3` for less) it sends mixed traffic to the proxy running as
 * its own process, with the fake xAI and fake Gemini upstreams in a third: answers, follow-ups
 * carrying signed history, stops, embeddings, data files, the demo page; abusive requests
 * (bad JSON, huge bodies, wrong or missing origin, forged history, path variants, a rebinding
 * Host); upstreams that stall, reset or refuse mid-answer. It reports expected and unexpected
 * outcomes, the proxy's resident memory at start, after the warm-up and at the end, and the
 * slowest requests; targets: 0 unexpected outcomes and no memory growth after the warm-up.
 * Writes the `## Soak` section of BENCHMARKS.md unless `--no-write`. All traffic stays on 127.0.0.1.
 */
import { fork } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { FAKE_GEMINI_API_KEY } from '../data/testing/fake-gemini.js';
import { machineInfo } from './eval/machine-info.js';
import { startProxyProcess, writeBenchIndex } from './proxy-bench/proxy-process.js';
import { parseSoakArgs, seededRandom } from './soak/soak-args.js';
import type { SoakFakesReady } from './soak/soak-fakes.js';
import { renderSoakSection, replaceSoakSection } from './soak/soak-report.js';
import { runSoak } from './soak/soak-runner.js';
import { memoryVerdict } from './soak/soak-tally.js';
import { isMainModule } from './main-module.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Proxy settings for the run: limits out of the way (one client address sends everything), short upstream timeouts so stalls end quickly. */
export const SOAK_PROXY_ENV = {
  XAI_API_KEY: 'xai-soak-key',
  GEMINI_API_KEY: FAKE_GEMINI_API_KEY,
  RATE_LIMIT_CHAT_PER_HOUR: '10000000',
  RATE_LIMIT_EMBED_PER_HOUR: '10000000',
  UPSTREAM_MAX_RETRIES: '0',
  UPSTREAM_TIMEOUT_MS: '5000',
  UPSTREAM_IDLE_TIMEOUT_MS: '1500',
  EMBED_CACHE_SIZE: '1000',
} as const;

function startFakes(): Promise<{ ready: SoakFakesReady; stop(): void }> {
  const child = fork(join(ROOT, 'scripts/soak/soak-fakes.ts'), [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  return new Promise((resolveReady, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the fake upstreams exited with code ${code}`)));
    child.once('message', (ready) => resolveReady({ ready: ready as SoakFakesReady, stop: () => child.disconnect() }));
  });
}

async function main(): Promise<void> {
  const args = parseSoakArgs(process.argv.slice(2));
  const corpusDir = join(ROOT, 'data/dist/corpus');
  const corpus = await loadCorpusFromDir({ dir: corpusDir, tracks: ['en'] });
  const corpusFiles = corpus.manifest.files.map((f) => f.path);
  const fakes = await startFakes();
  const tmp = await mkdtemp(join(tmpdir(), 'quran-dai-soak-'));
  let proxy: Awaited<ReturnType<typeof startProxyProcess>> | undefined;
  try {
    proxy = await startProxyProcess(ROOT, {
      ...SOAK_PROXY_ENV,
      XAI_BASE_URL: fakes.ready.xaiBaseURL,
      GEMINI_BASE_URL: fakes.ready.geminiBaseURL,
      INDEX_DIR: await writeBenchIndex(tmp, corpus.version),
    });
    console.error(`soak: ${args.minutes} min (${args.warmupMinutes} warm-up), ${args.concurrency} clients, proxy ${proxy.url} (pid ${proxy.child.pid})`);
    const run = await runSoak({
      proxyUrl: proxy.url,
      durationMs: args.minutes * 60_000,
      concurrency: args.concurrency,
      rand: seededRandom(args.seed),
      corpusFiles,
      progress: (line) => console.error(line),
    });
    const section = renderSoakSection({
      date: new Date().toISOString().slice(0, 10),
      machine: machineInfo(),
      command: `npm run bench:soak -- ${process.argv.slice(2).join(' ')}`.trim().replace(/ --$/, ''),
      minutes: args.minutes,
      warmupMinutes: args.warmupMinutes,
      concurrency: args.concurrency,
      loadAverage: loadavg()[0] ?? NaN,
      tally: run.tally.summary(),
      residentMemory: memoryVerdict(run.residentMemory, args.warmupMinutes * 60_000, run.elapsedMs),
      jsMemory: memoryVerdict(run.jsMemory, args.warmupMinutes * 60_000, run.elapsedMs),
      openStreamsAfter: run.openStreamsAfter,
      elapsedMs: run.elapsedMs,
    });
    console.log(section);
    if (args.write) {
      const path = join(ROOT, 'BENCHMARKS.md');
      await writeFile(path, replaceSoakSection(await readFile(path, 'utf8').catch(() => '# Benchmarks\n'), section));
      console.error('updated the ## Soak section of BENCHMARKS.md');
    }
  } finally {
    await proxy?.stop();
    fakes.stop();
    await rm(tmp, { recursive: true, force: true });
  }
}

if (isMainModule(import.meta.url)) {
  main().catch((e) => {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  });
}
