/**
 * `npm run bench:widget [-- --runs 5 --dims 768 --compare-dims 256 | --render-only]`: first and repeat visit of the widget in
 * headless Chromium against the local proxy; writes bench/widget-results.json and the
 * `## Widget` section of BENCHMARKS.md.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_ROOT } from './widget-build/build-widget-bundle.js';
import { renderWidgetSection, replaceWidgetSection, type DimsComparison, type WidgetBenchResults } from './widget-bench/widget-bench-report.js';
import { runWidgetBench } from './widget-bench/widget-bench-run.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { runs: { type: 'string' }, dims: { type: 'string' }, 'no-write': { type: 'boolean' }, 'render-only': { type: 'boolean' }, 'compare-dims': { type: 'string' } } });
  const resultsPath = join(REPO_ROOT, 'bench', 'widget-results.json');
  // --render-only: rewrite the section from the last raw results without measuring again.
  let results: WidgetBenchResults = values['render-only'] ? JSON.parse(await readFile(resultsPath, 'utf8')) : await runWidgetBench({
    runs: values.runs ? Number(values.runs) : undefined,
    dims: values.dims ? Number(values.dims) : undefined,
    log: (line) => console.error(line),
  });
  if (values['compare-dims'] && !values['render-only']) {
    const byDims: DimsComparison[] = [{ dims: results.dims, firstReadyMs: results.probe.firstReadyMs, repeatReadyMs: results.probe.repeatReadyMs, indexBytes: results.firstVisitBytes.index }];
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

main().catch((e: unknown) => {
  console.error(`bench:widget failed: ${(e as Error).stack ?? e}`);
  process.exit(1);
});
