/**
 * @module
 * The pages the widget benchmarks serve, built into `work`: the widget bundle, the data probe
 * beside it (`widget/testing/probe/data-probe.ts`), and a demo folder with the demo page and
 * `probe.html`, which loads the probe.
 */
import { copyFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildWidgetBundle, REPO_ROOT } from '../widget-build/build-widget-bundle.js';

const PROBE_HTML = '<!doctype html><meta charset="utf-8"><title>quran-dai probe</title><script type="module" src="/widget/probe/quran-dai.js"></script>';

export interface ProbeSite {
  readonly widgetDir: string;
  readonly demoDir: string;
  /** The widget bundle's files, as `buildWidgetBundle` reports them. */
  readonly widgetFiles: Awaited<ReturnType<typeof buildWidgetBundle>>;
}

export async function buildProbeSite(work: string): Promise<ProbeSite> {
  const widgetDir = join(work, 'widget');
  const widgetFiles = await buildWidgetBundle({ outDir: widgetDir, logLevel: 'error' });
  await buildWidgetBundle({ outDir: join(widgetDir, 'probe'), entry: 'widget/testing/probe/data-probe.ts', logLevel: 'error' });
  const demoDir = join(work, 'demo');
  await mkdir(demoDir);
  await copyFile(join(REPO_ROOT, 'demo', 'index.html'), join(demoDir, 'index.html'));
  await writeFile(join(demoDir, 'probe.html'), PROBE_HTML);
  return { widgetDir, demoDir, widgetFiles };
}
