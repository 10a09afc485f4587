/**
 * `npm run bench [-- --runs 200] [--skip-browser]`: search latency (lexical, vector flat/voy
 * at 768 and 256 dims, hybrid) in Node and headless Chromium, index bytes, load and build
 * times, int8-vs-float32 agreement. Writes bench/results.json and the search section of
 * BENCHMARKS.md. Vectors are test-hashing vectors: timing only, not retrieval quality.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem, type, release } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { BENCH_QUERIES } from './bench/bench-queries.js';
import { renderSearchSection, replaceSearchSection, type SearchBenchResults } from './bench/bench-results.js';
import { runBrowserSearchBench } from './bench/browser-search-bench.js';
import { buildBenchIndexes, flatVsFloatAgreement, runNodeSearchBench } from './bench/node-search-bench.js';
import { isMainModule } from './main-module.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_DIMS = [768, 384, 256] as const;

export async function main(argv: readonly string[]): Promise<SearchBenchResults> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      runs: { type: 'string', default: '200' },
      'skip-browser': { type: 'boolean', default: false },
      out: { type: 'string', default: join(ROOT, 'bench', 'results.json') },
    },
  });
  const runs = Number(values.runs);
  if (!Number.isInteger(runs) || runs < 10) throw new Error(`--runs must be an integer >= 10, got ${values.runs}`);
  const loadAtStart = Math.round(loadavg()[0]! * 10) / 10;
  const corpus = await loadCorpusFromDir({ tracks: ['en'] });
  const indexRoot = join(ROOT, 'bench', 'tmp', 'search-index');
  await rm(indexRoot, { recursive: true, force: true });
  await mkdir(indexRoot, { recursive: true });

  console.error('building test-hashing indexes…');
  const built = await buildBenchIndexes(corpus, indexRoot, BENCH_DIMS);
  const indexes = [];
  for (const b of built) {
    indexes.push({
      id: b.manifest.id,
      dims: b.manifest.dims,
      count: b.manifest.count,
      bytes: b.manifest.files.reduce((n, f) => n + f.bytes, 0),
      gzipBytes: b.manifest.files.reduce((n, f) => n + f.gzipBytes, 0),
      budgetBytes: Math.floor(6236 * b.manifest.dims * 1.05),
      buildMs: b.buildMs,
      flatVsFloat32Top20: await flatVsFloatAgreement(corpus, b, BENCH_QUERIES),
    });
  }
  console.error('node search bench…');
  const node = await runNodeSearchBench(corpus, built, BENCH_QUERIES, runs);
  let chromium;
  if (!values['skip-browser']) {
    console.error('chromium search bench…');
    chromium = await runBrowserSearchBench(indexRoot, { indexIds: built.map((b) => b.manifest.id), queries: BENCH_QUERIES, runs });
  }
  const cpu = cpus();
  const results: SearchBenchResults = {
    generatedAt: new Date().toISOString(),
    command: `npm run bench${argv.length ? ` -- ${argv.join(' ')}` : ''}`,
    machine: {
      cpu: cpu[0]?.model.trim() ?? 'unknown',
      cores: cpu.length,
      memoryGb: Math.round(totalmem() / 2 ** 30),
      os: `${type()} ${release()}`,
      node: process.version,
      loadAverage: [loadAtStart, Math.round(loadavg()[0]! * 10) / 10],
    },
    note: 'Vectors are deterministic test-hashing vectors of the right dimension: these are timing numbers only, not retrieval quality (see EVAL.md).',
    indexes,
    node,
    ...(chromium ? { chromium } : {}),
  };
  await mkdir(dirname(values.out!), { recursive: true });
  await writeFile(values.out!, `${JSON.stringify(results, null, 2)}\n`);
  const mdPath = join(ROOT, 'BENCHMARKS.md');
  const md = await readFile(mdPath, 'utf8').catch(() => '# Benchmarks\n');
  await writeFile(mdPath, replaceSearchSection(md, renderSearchSection(results)));
  return results;
}

if (isMainModule(import.meta.url)) {
  const results = await main(process.argv.slice(2));
  console.log(renderSearchSection(results));
}
