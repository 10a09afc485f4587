import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { buildWidgetBundle, formatBundleReport, startupFiles, WIDGET_ENTRY_FILE, type WidgetBundleFile } from './build-widget-bundle.js';

/** Performance budget: the widget's main chunk stays under 50 KB gzip (data excluded). */
const MAIN_CHUNK_GZIP_LIMIT = 50 * 1024;
/** Everything a page loads before the widget runs (entry + static chunks): the same 50 KB. */
const STARTUP_GZIP_LIMIT = 50 * 1024;

let outDir: string;
let files: WidgetBundleFile[];

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'quran-dai-size-'));
  files = await buildWidgetBundle({ outDir, logLevel: 'error' });
  console.log(formatBundleReport(files));
}, 120_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('when the widget is built', () => {
  it('should emit quran-dai.js as the one entry file', () => {
    expect(files.filter((f) => f.main).map((f) => f.path)).toEqual([WIDGET_ENTRY_FILE]);
  });

  it('should keep the main chunk under 50 KB gzip', () => {
    const main = files.find((f) => f.main)!;
    expect(main.gzipBytes).toBeGreaterThan(1000);
    expect(main.gzipBytes).toBeLessThanOrEqual(MAIN_CHUNK_GZIP_LIMIT);
  });

  it('should keep everything a page loads before the widget runs (entry + static chunks) under 50 KB gzip', async () => {
    const startup = await startupFiles(outDir, files);
    const total = startup.reduce((sum, f) => sum + f.gzipBytes, 0);
    console.log(`startup: ${startup.map((f) => f.path).join(', ')} = ${(total / 1024).toFixed(1)} KB gzip`);
    expect(startup[0]!.path).toBe(WIDGET_ENTRY_FILE);
    expect(startup.length).toBeGreaterThan(1);
    expect(total).toBeLessThanOrEqual(STARTUP_GZIP_LIMIT);
    // The model runtime and the answer renderer load only when needed.
    expect(startup.some((f) => /local-embedder|answer-view/.test(f.path))).toBe(false);
  });

  it('should not bundle any verse text (data is fetched and cached at run time)', async () => {
    const corpus = await loadTestCorpus();
    const main = await readFile(join(outDir, WIDGET_ENTRY_FILE), 'utf8');
    // Long, distinctive verses from both the English and the Arabic files.
    const verseTexts = [corpus.verse({ surah: 2, ayah: 255 }, 'en').translation!, corpus.verse({ surah: 2, ayah: 282 }, 'en').arabic];
    for (const text of verseTexts) expect(main.includes(text.slice(0, 60))).toBe(false);
  });
});
