/**
 * The `## Widget` section of BENCHMARKS.md: pure rendering of the widget bench results and
 * a surgical replacement between its markers (other sections belong to other commands).
 */
import { replaceMarkedSection } from '../bench/marked-section.js';
import type { LatencySummary } from '../bench/bench-stats.js';

export const WIDGET_SECTION_START = '<!-- bench:widget:start -->';
export const WIDGET_SECTION_END = '<!-- bench:widget:end -->';

/** What a visitor's page may wait and download: first and repeat visit ready times, data sizes. */
export const WIDGET_TARGETS = {
  firstVisitReadyMs: 1500,
  repeatVisitReadyMs: 200,
  repeatVisitDataBytes: 0,
  /** Corpus + lexical data: Arabic + one translation. */
  corpusBytes: 1.2 * 1024 * 1024,
  /** The vector index may add 6,236 x dims bytes + 5%. */
  indexBytes: (dims: number) => 6236 * dims * 1.05,
  /**
   * Each text loaded after the first results (a verse explanation), on the wire. It never delays a
   * result (it downloads while the visitor reads); the Indonesian Jalalain, the verse's translation
   * woven into its explanation, is the largest at about 750 KiB.
   */
  laterPartBytes: 800 * 1024,
} as const;

export interface WidgetBenchResults {
  readonly date: string;
  readonly machine: string;
  readonly browser: string;
  readonly runs: number;
  readonly indexId: string;
  readonly dims: number;
  readonly probe: {
    readonly firstReadyMs: LatencySummary;
    /** First visit until the vector index is stored and searchable too. */
    readonly firstIndexReadyMs?: LatencySummary;
    readonly firstDataReadyMs: LatencySummary;
    readonly repeatReadyMs: LatencySummary;
    readonly repeatDataReadyMs: LatencySummary;
    /** Repeat visit with every index built from the text (snapshots off: the path before them). */
    readonly repeatBuiltReadyMs?: LatencySummary;
    /** Repeat visit, data ready to ready (index restored, or built with snapshots off, + first query). */
    readonly repeatIndexMs?: LatencySummary;
    readonly repeatBuiltIndexMs?: LatencySummary;
    /** BM25 index built from the text (first visits, and repeat visits with snapshots off). */
    readonly prepareEnMs: LatencySummary;
    readonly prepareArMs: LatencySummary;
    /** BM25 index restored from the snapshot saved by the first visit (repeat visits). */
    readonly restoreEnMs?: LatencySummary;
    readonly restoreArMs?: LatencySummary;
    /** Size of each track's index snapshot kept in IndexedDB. */
    readonly snapshotBytes?: Readonly<Record<string, number>>;
  };
  readonly widget: { readonly firstReadyMs: LatencySummary; readonly repeatReadyMs: LatencySummary };
  /** Bytes on the wire (compressed as served by the proxy), per first visit. */
  readonly firstVisitBytes: { readonly corpus: number; readonly index: number; readonly corpusRaw: number; readonly indexRaw: number };
  /**
   * Texts loaded only after the first results, by corpus part (`explanation-ar`: for an Arabic
   * page or an Arabic question), on the wire as the proxy serves them to the browser.
   */
  readonly laterBytes?: Readonly<Record<string, number>>;
  /** Data bytes transferred on repeat visits (max over runs). */
  readonly repeatVisitDataBytes: number;
  /** Gzip size of the widget's main chunk. */
  readonly widgetMainGzipBytes: number;
  /** The same visits with other index dimensions (the 768 vs 256 trade-off, ADR 0002). */
  readonly byDims?: readonly DimsComparison[];
}

export interface DimsComparison {
  readonly dims: number;
  readonly firstReadyMs: LatencySummary;
  readonly repeatReadyMs: LatencySummary;
  readonly indexBytes: number;
}

const kib = (b: number) => `${(b / 1024).toFixed(0)} KiB`;
const ms = (s: LatencySummary) => `${Math.round(s.p50)} / ${Math.round(s.p95)}`;
const verdict = (ok: boolean) => (ok ? 'meets target' : '**misses target**');

export function renderWidgetSection(r: WidgetBenchResults): string {
  const t = WIDGET_TARGETS;
  const indexLimit = t.indexBytes(r.dims);
  return [
    `Run ${r.date} with \`npm run bench:widget -- --runs ${r.runs}\` on ${r.machine}, ${r.browser} (headless), proxy on 127.0.0.1 with its compression.`,
    `Each run: a fresh browser context (empty IndexedDB) loads the page, then reloads it${r.probe.repeatBuiltReadyMs ? ' twice (index snapshots restored, and snapshots off; the order alternates between runs)' : ''}. Vector index: \`${r.indexId}\` (${r.dims} dims, int8; test-hashing vectors, same size as a real index). Times are ms from navigation start, p50 / p95.`,
    '',
    '| measure | p50 / p95 | target | |',
    '|---|---:|---:|---|',
    `| first visit ready: downloaded, verified, stored, keyword-searchable (probe) | ${ms(r.probe.firstReadyMs)} ms | <= ${t.firstVisitReadyMs} ms | ${verdict(r.probe.firstReadyMs.p50 <= t.firstVisitReadyMs)} |`,
    ...(r.probe.firstIndexReadyMs
      ? [
          `| first visit, vector index also verified, stored and searchable | ${ms(r.probe.firstIndexReadyMs)} ms | <= ${t.firstVisitReadyMs} ms | ${verdict(r.probe.firstIndexReadyMs.p50 <= t.firstVisitReadyMs)} |`,
        ]
      : []),
    `| … of which data loaded (before BM25 build) | ${ms(r.probe.firstDataReadyMs)} ms | | |`,
    `| repeat visit ready from IndexedDB (probe${r.probe.restoreEnMs ? '; English index restored from its snapshot' : ''}) | ${ms(r.probe.repeatReadyMs)} ms | <= ${t.repeatVisitReadyMs} ms | ${verdict(r.probe.repeatReadyMs.p50 <= t.repeatVisitReadyMs)} |`,
    ...(r.probe.repeatBuiltReadyMs
      ? [
          `| … the same repeat visit with the English index built from the text (no snapshot, as before) | ${ms(r.probe.repeatBuiltReadyMs)} ms | <= ${t.repeatVisitReadyMs} ms | ${verdict(r.probe.repeatBuiltReadyMs.p50 <= t.repeatVisitReadyMs)} |`,
        ]
      : []),
    `| … of which data read from IndexedDB | ${ms(r.probe.repeatDataReadyMs)} ms | | |`,
    ...(r.probe.repeatIndexMs && r.probe.repeatBuiltIndexMs
      ? [
          `| … of which English index restored + first query (ready − data) | ${ms(r.probe.repeatIndexMs)} ms | | |`,
          `| … of which English index built + first query, snapshots off (ready − data) | ${ms(r.probe.repeatBuiltIndexMs)} ms | | |`,
        ]
      : []),
    `| BM25 index build on the main thread: English | ${ms(r.probe.prepareEnMs)} ms | | first visit; ADR 0004 |`,
    `| BM25 index build on the main thread: Arabic (first Arabic question) | ${ms(r.probe.prepareArMs)} ms | | not in "ready"; ADR 0004 |`,
    ...(r.probe.restoreEnMs && r.probe.restoreArMs
      ? [
          `| BM25 index restored from its snapshot: English | ${ms(r.probe.restoreEnMs)} ms | | in the repeat-visit time |`,
          `| BM25 index restored from its snapshot: Arabic (first Arabic question) | ${ms(r.probe.restoreArMs)} ms | | not in "ready" |`,
        ]
      : []),
    ...(r.probe.snapshotBytes && Object.keys(r.probe.snapshotBytes).length
      ? [
          `| index snapshots kept in IndexedDB (saved after "ready", never downloaded) | ${Object.entries(r.probe.snapshotBytes)
            .map(([track, b]) => `${track} ${kib(b)}`)
            .join(', ')} | | |`,
        ]
      : []),
    `| \`<quran-dai>\` ready event, first visit (demo page) | ${ms(r.widget.firstReadyMs)} ms | | |`,
    `| \`<quran-dai>\` ready event, repeat visit (demo page) | ${ms(r.widget.repeatReadyMs)} ms | | |`,
    `| data bytes transferred on a repeat visit | ${r.repeatVisitDataBytes} | 0 | ${verdict(r.repeatVisitDataBytes === 0)} |`,
    `| first-visit corpus + lexical data (Arabic, search text, English, surahs) | ${kib(r.firstVisitBytes.corpus)} on the wire (${kib(r.firstVisitBytes.corpusRaw)} raw) | <= ${kib(t.corpusBytes)} | ${verdict(r.firstVisitBytes.corpus <= t.corpusBytes)} |`,
    `| first-visit vector index | ${kib(r.firstVisitBytes.index)} on the wire (${kib(r.firstVisitBytes.indexRaw)} raw) | <= ${kib(indexLimit)} | ${verdict(r.firstVisitBytes.index <= indexLimit)} |`,
    ...Object.entries(r.laterBytes ?? {}).map(
      ([part, b]) =>
        `| loaded after the first results: ${part} (never before them) | ${kib(b)} on the wire | <= ${kib(t.laterPartBytes)} | ${verdict(b <= t.laterPartBytes)} |`,
    ),
    `| widget JS, main chunk | ${kib(r.widgetMainGzipBytes)} gzip | <= 50 KiB | ${verdict(r.widgetMainGzipBytes <= 50 * 1024)} |`,
    ...(r.byDims?.length
      ? [
          '',
          'Index dimension trade-off in the browser (same probe; ADR 0002):',
          '',
          '| index dims | first visit ready p50 / p95 | repeat visit ready p50 / p95 | index bytes on the wire |',
          '|---:|---:|---:|---:|',
          ...r.byDims.map((d) => `| ${d.dims} | ${ms(d.firstReadyMs)} ms | ${ms(d.repeatReadyMs)} ms | ${kib(d.indexBytes)} |`),
        ]
      : []),
    '',
    '"Ready" means searchable: the data is loaded and one English lexical query has been answered, so the English BM25 index exists (built, or restored from the snapshot the first visit saved in IndexedDB next to the corpus version). The probe (`widget/testing/probe/`) runs the widget\'s own loader (`loadQuranData`) and the page engine of the data cache (`createCachedSearchEngine`) without rendering, so "ready" is exact; the ready event of the real element adds config fetch, the search worker start and rendering. Raw numbers: `bench/widget-results.json`.',
  ].join('\n');
}

/** Replace (or append) the widget section, leaving every other section untouched. */
export function replaceWidgetSection(markdown: string, section: string): string {
  return replaceMarkedSection(markdown, { heading: '## Widget', start: WIDGET_SECTION_START, end: WIDGET_SECTION_END }, section);
}
