/**
 * Bundles a browser test entry with Vite's build API (ES module, code-split, unminified for
 * speed), so the page runs the same bundled code path as the widget: dynamic `import()`s
 * become separate chunks that are fetched only when called.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { isForeignEvalWarning } from '../../../vite.config.js';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** Builds `entry` (repo-relative) into a fresh temp dir; the entry file is `page.js`. */
export async function bundlePage(entry: string): Promise<string> {
  const outDir = await mkdtemp(join(tmpdir(), 'quran-dai-page-'));
  await build({
    configFile: false,
    root: REPO_ROOT,
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      target: 'es2022',
      reportCompressedSize: false,
      lib: { entry: join(REPO_ROOT, entry), formats: ['es'], fileName: () => 'page.js' },
      rolldownOptions: {
        onwarn(warning, defaultHandler) {
          if (!isForeignEvalWarning(warning)) defaultHandler(warning);
        },
      },
    },
  });
  return outDir;
}
