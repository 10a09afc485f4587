/** Shape of `bench/results.json` (search part) and its Markdown rendering for BENCHMARKS.md. */
import { replaceMarkedSection } from './marked-section.js';
import type { SearchBenchReport } from './search-bench-core.js';

export interface MachineInfo {
  readonly cpu: string;
  readonly cores: number;
  readonly memoryGb: number;
  readonly os: string;
  readonly node: string;
  /** 1-minute load average when the run started and ended: p95s are only comparable on a quiet machine. */
  readonly loadAverage: readonly [number, number];
}

export interface IndexSizeRow {
  readonly id: string;
  readonly dims: number;
  readonly count: number;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** 6,236 x dims x 1.05: the ADR 0002 budget. */
  readonly budgetBytes: number;
  /** Full build with the test-hashing embedder (embedding is local; Gemini builds are network-bound). */
  readonly buildMs: number;
  /** Mean top-20 overlap of the int8 flat scan with exact float32 search. */
  readonly flatVsFloat32Top20: number;
}

export interface SearchBenchResults {
  readonly generatedAt: string;
  readonly command: string;
  readonly machine: MachineInfo;
  readonly note: string;
  readonly indexes: readonly IndexSizeRow[];
  readonly node: SearchBenchReport;
  readonly chromium?: SearchBenchReport;
}

export const SEARCH_SECTION_START = '<!-- bench:search:start -->';
export const SEARCH_SECTION_END = '<!-- bench:search:end -->';

const ms = (x: number) => (x < 10 ? x.toFixed(2) : x.toFixed(0));
const kb = (b: number) => `${(b / 1024).toFixed(0)} KiB`;

function runtimeTable(r: SearchBenchReport): string[] {
  const rows = [
    `**${r.runtime}** (${r.queries} queries, ${r.runs} timed runs each, k = 20)`,
    '',
    '| search | dims | p50 ms | p95 ms | time to first result ms | decode ms | wasm ms | build ms | agreement with flat | memory |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ];
  const mb = (b?: number) => (b === undefined ? '-' : `${(b / 2 ** 20).toFixed(1)} MB`);
  for (const v of r.vector) {
    rows.push(
      `| vector ${v.kind} | ${v.dims} | ${ms(v.latency.p50)} | ${ms(v.latency.p95)} | ${ms(v.timeToFirstResultMs)}${v.timeToFirstResultMedianMs !== undefined ? ` (median ${ms(v.timeToFirstResultMedianMs)})` : ''} | ${ms(v.decodeMs)} | ${ms(v.wasmMs)} | ${ms(v.buildMs)} | ${v.agreementWithFlat ?? '-'} | ${mb(v.memoryDeltaBytes)} |`,
    );
  }
  rows.push(
    `| lexical (BM25, en + ar) | - | ${ms(r.lexical.latency.p50)} | ${ms(r.lexical.latency.p95)} | - | - | - | ${ms(r.lexical.indexBuildMs)} | - | - |`,
  );
  if (r.lexicalWithTopics)
    rows.push(
      `| lexical + topic index (${r.lexicalWithTopics.topics} topics) | - | ${ms(r.lexicalWithTopics.latency.p50)} | ${ms(r.lexicalWithTopics.latency.p95)} | - | - | - | - | - | - |`,
    );
  for (const h of r.hybrid)
    rows.push(`| hybrid (${h.kind}) incl. RRF + context | ${h.dims} | ${ms(h.latency.p50)} | ${ms(h.latency.p95)} | - | - | - | - | - | - |`);
  for (const h of r.hybridWithTopics ?? [])
    rows.push(
      `| hybrid (flat) + topic index and classifier (${h.topics} topics) | ${h.dims} | ${ms(h.latency.p50)} | ${ms(h.latency.p95)} | - | - | - | - | - | - |`,
    );
  return rows;
}

export function renderSearchSection(res: SearchBenchResults): string {
  const m = res.machine;
  const lines = [
    `Run ${res.generatedAt.slice(0, 16).replace('T', ' ')} UTC with \`${res.command}\` on ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB, ${m.os}, Node ${m.node}; ` +
      `1-min load average ${m.loadAverage[0]} at start, ${m.loadAverage[1]} at end` +
      (Math.max(...m.loadAverage) > m.cores ? ` (above ${m.cores}: other processes shared the CPU, so p95s are inflated; p50s are the stabler figure).` : '.'),
    `Raw numbers: \`bench/results.json\`. ${res.note}`,
    '',
    '| index | vectors | file bytes | gzip | budget (6,236 x dims + 5%) | build ms | flat int8 vs float32 top-20 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...res.indexes.map(
      (i) =>
        `| ${i.id} | ${i.count} x ${i.dims} | ${i.bytes} (${kb(i.bytes)}) | ${kb(i.gzipBytes)} | ${i.bytes <= i.budgetBytes ? 'within' : 'OVER'} ${kb(i.budgetBytes)} | ${i.buildMs} | ${i.flatVsFloat32Top20} |`,
    ),
    '',
    ...runtimeTable(res.node),
    '',
    ...(res.chromium ? runtimeTable(res.chromium) : ['Chromium: not run (`--skip-browser`).']),
    '',
    'Memory = growth of the resident set while building that search, after a full GC (Node only, rough). flat-scalar = the flat scan without WebAssembly SIMD (browsers before Safari 16.4, or a host CSP without `wasm-unsafe-eval`).',
    'Time to first result = decode the cached bytes + wasm instantiate (voy) + build + first query, first (cold) sample; for flat also the median of 5 more. The sha256 check of a first download is extra (see results.json `verifyAndDecodeMs`).',
  ];
  return lines.join('\n');
}

/** Replace the search section between its markers, leaving everything else (e.g. the proxy section) untouched. */
export function replaceSearchSection(markdown: string, section: string): string {
  return replaceMarkedSection(markdown, { heading: '## Search', start: SEARCH_SECTION_START, end: SEARCH_SECTION_END }, section);
}
