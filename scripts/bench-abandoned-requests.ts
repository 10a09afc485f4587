/**
 * `npm run bench:abandoned`: what abandoned downloads cost the proxy (a benchmark, not a test).
 * The proxy runs as its own process, as `npm start` serves it (corpus, topics, the shipped e5
 * index, the built widget, the model runtime's WASM). Every compressible static file is asked for
 * three times (br, gzip, deflate), each socket closed 5 ms after its request, so nothing is ever
 * downloaded; twice, the second round on a warm cache. Prints the proxy's CPU time (from Linux
 * `/proc`) and its resident memory before, at peak and 5 s after each round. Targets: under 3 s
 * of CPU a round and memory within 150 MB of where it started.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { connect } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildWidgetBundle } from './widget-build/build-widget-bundle.js';
import { processMemoryMb, startProxyProcess } from './proxy-bench/proxy-process.js';
import { resolveOrtDir } from '../proxy/server.js';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const TARGET_CPU_SECONDS = 3;
const TARGET_GROWTH_MB = 150;
const COMPRESSIBLE = /\.(?:json|js|mjs|bin|wasm|css|svg|html)$/;

/** URL paths of the files under `dir`, served at `base`. */
async function filesUnder(dir: string, base: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !COMPRESSIBLE.test(e.name)) continue;
    const full = join(e.parentPath, e.name);
    if ((await stat(full)).size < 1024) continue;
    out.push(
      `${base}/${full
        .slice(dir.length + 1)
        .split('\\')
        .join('/')}`,
    );
  }
  return out;
}

/** User plus system CPU seconds of process `pid` so far (Linux). */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (100/s)
}

/** One request for `path`, its socket closed 5 ms after it was sent. */
function abandon(port: number, path: string, encoding: string): Promise<void> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: ${encoding}\r\nConnection: close\r\n\r\n`);
      setTimeout(() => {
        socket.destroy();
        done();
      }, 5);
    });
    socket.on('error', () => done());
    socket.on('data', () => undefined);
  });
}

async function main(): Promise<void> {
  const widgetDir = join(ROOT, 'dist', 'widget');
  await buildWidgetBundle({ outDir: widgetDir, logLevel: 'error' });
  const ortDir = resolveOrtDir();
  const paths = [
    ...(await filesUnder(join(ROOT, 'data/dist/corpus'), '/data/corpus')),
    ...(await filesUnder(join(ROOT, 'data/dist/topics'), '/data/topics')),
    ...(await filesUnder(join(ROOT, 'data/prebuilt/index/multilingual-e5-small-384'), '/data/index/multilingual-e5-small-384')),
    ...(await filesUnder(widgetDir, '/widget')),
    ...(ortDir ? (await readdir(ortDir)).filter((n) => n.endsWith('.wasm')).map((n) => `/runtime/ort/${n}`) : []),
  ];
  const proxy = await startProxyProcess(ROOT, {
    INDEX_DIR: 'data/prebuilt/index',
    INDEX_ID: 'multilingual-e5-small-384',
    WIDGET_DIR: widgetDir,
    RATE_LIMIT_STATIC_PER_MINUTE: '1000000',
  });
  const pid = proxy.child.pid!;
  const port = Number(new URL(proxy.url).port);
  console.log(`${paths.length} files x 3 encodings = ${paths.length * 3} requests a round, each socket closed after 5 ms`);
  let worstCpu = 0;
  let worstGrowth = 0;
  try {
    const start = Math.round((await processMemoryMb(pid)).rssMb);
    for (let round = 1; round <= 2; round++) {
      const cpu0 = await cpuSeconds(pid);
      const before = Math.round((await processMemoryMb(pid)).rssMb);
      await Promise.all(paths.flatMap((p) => ['br', 'gzip', 'deflate'].map((enc) => abandon(port, p, enc))));
      await new Promise((r) => setTimeout(r, 5000));
      const cpu = (await cpuSeconds(pid)) - cpu0;
      const memory = await processMemoryMb(pid);
      // VmHWM: the highest the proxy's resident memory has been since it started.
      const peak = Math.round(memory.peakRssMb);
      const after = Math.round(memory.rssMb);
      worstCpu = Math.max(worstCpu, cpu);
      worstGrowth = Math.max(worstGrowth, peak - start, after - start);
      console.log(`round ${round}: proxy CPU ${cpu.toFixed(1)} s; memory ${before} MB -> peak ${peak} MB, ${after} MB 5 s after`);
    }
  } finally {
    await proxy.stop();
  }
  console.log(`worst round: ${worstCpu.toFixed(1)} s of CPU (target < ${TARGET_CPU_SECONDS} s), memory +${worstGrowth} MB (target <= ${TARGET_GROWTH_MB} MB)`);
}

main().catch((e: unknown) => {
  console.error(`bench:abandoned failed: ${(e as Error).stack ?? e}`);
  process.exitCode = 1;
});
