/**
 * `npm run bench:widget [-- --runs 5 --dims 768 --compare-dims 256 | --render-only]`: first and repeat visit of the widget in
 * headless Chromium against the local proxy; writes bench/widget-results.json and the
 * `## Widget` section of BENCHMARKS.md.
 * `npm run bench:widget -- --index e5 [--throttle fast3g] [--lang en] [--runs 3]`: the first visit with
 * what ships (the e5 index and the topics), its bytes per part and, throttled, when the first
 * results and hybrid search are ready (worst of the runs); writes the `## First visit` section.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './widget-build/build-widget-bundle.js';
import { renderWidgetSection, replaceWidgetSection, type DimsComparison, type WidgetBenchResults } from './widget-bench/widget-bench-report.js';
import { runWidgetBench } from './widget-bench/widget-bench-run.js';
import { renderFirstVisit, runFirstVisitBench, THROTTLES, type Throttle } from './widget-bench/first-visit-run.js';
import { replaceMarkedSection } from './bench/marked-section.js';
import { cpus, loadavg } from 'node:os';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string' },
      dims: { type: 'string' },
      'no-write': { type: 'boolean' },
      'render-only': { type: 'boolean' },
      'compare-dims': { type: 'string' },
      index: { type: 'string' },
      throttle: { type: 'string' },
      lang: { type: 'string' },
    },
  });
  if (values.index !== undefined || values.throttle !== undefined) return firstVisit(values);
  const resultsPath = join(REPO_ROOT, 'bench', 'widget-results.json');
  // --render-only: rewrite the section from the last raw results without measuring again.
  let results: WidgetBenchResults = values['render-only']
    ? JSON.parse(await readFile(resultsPath, 'utf8'))
    : await runWidgetBench({
        runs: values.runs ? Number(values.runs) : undefined,
        dims: values.dims ? Number(values.dims) : undefined,
        log: (line) => console.error(line),
      });
  if (values['compare-dims'] && !values['render-only']) {
    const byDims: DimsComparison[] = [
      { dims: results.dims, firstReadyMs: results.probe.firstReadyMs, repeatReadyMs: results.probe.repeatReadyMs, indexBytes: results.firstVisitBytes.index },
    ];
    for (const dims of values['compare-dims'].split(',').map(Number)) {
      const other = await runWidgetBench({ runs: results.runs, dims, log: (line) => console.error(line) });
      byDims.push({ dims, firstReadyMs: other.probe.firstReadyMs, repeatReadyMs: other.probe.repeatReadyMs, indexBytes: other.firstVisitBytes.index });
    }
    results = { ...results, byDims };
  }
  const section = renderWidgetSection(results);
  console.log(section);
  if (values['no-write']) return;
  await mkdir(join(REPO_ROOT, 'bench'), { recursive: true });
  await writeFile(resultsPath, `${JSON.stringify(results, null, 2)}\n`);
  const path = join(REPO_ROOT, 'BENCHMARKS.md');
  await writeFile(path, replaceWidgetSection(await readFile(path, 'utf8'), section));
}

const FIRST_VISIT_SECTION = { heading: '## First visit', start: '<!-- bench:first-visit:start -->', end: '<!-- bench:first-visit:end -->' };

async function firstVisit(values: { index?: string; throttle?: string; lang?: string; runs?: string; 'no-write'?: boolean }): Promise<void> {
  if (values.index !== 'e5') throw new Error(`--index must be e5 (the index the project ships), got ${values.index ?? 'nothing'}`);
  if (values.throttle !== undefined && !(values.throttle in THROTTLES))
    throw new Error(`--throttle must be one of ${Object.keys(THROTTLES).join(', ')}, got ${values.throttle}`);
  const results = await runFirstVisitBench({
    runs: values.runs ? Number(values.runs) : 3,
    throttle: (values.throttle as Throttle | undefined) ?? null,
    lang: values.lang ?? 'en',
    log: (line) => console.error(line),
  });
  const text = renderFirstVisit(results);
  console.log(text);
  if (values['no-write']) return;
  const path = join(REPO_ROOT, 'BENCHMARKS.md');
  const stamp = `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run bench:widget -- --index e5${results.throttle ? ` --throttle ${results.throttle}` : ''} --runs ${results.runs}\` on ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, 1-min load average ${loadavg()[0]!.toFixed(1)}:`;
  await writeFile(path, replaceMarkedSection(await readFile(path, 'utf8'), FIRST_VISIT_SECTION, `${stamp}\n\n\`\`\`\n${text}\n\`\`\``));
}

main().catch((e: unknown) => {
  console.error(`bench:widget failed: ${(e as Error).stack ?? e}`);
  process.exit(1);
});
