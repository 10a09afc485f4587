/**
 * Build the widget library with the repo's `vite.config.ts` (used by `npm start`, the
 * browser tests and the size check) and measure what a visitor downloads: every emitted
 * JS file with its gzip size, the entry marked as `main`.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join, posix, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const DEFAULT_WIDGET_OUT_DIR = join(REPO_ROOT, 'dist', 'widget');
export const WIDGET_ENTRY_FILE = 'quran-dai.js';

export interface WidgetBundleFile {
  /** Path relative to the output directory, e.g. `quran-dai.js`, `chunks/x-abc.js`. */
  readonly path: string;
  readonly bytes: number;
  readonly gzipBytes: number;
  /** True for the entry file every page loads; false for lazily imported chunks. */
  readonly main: boolean;
}

export interface BuildWidgetOptions {
  /** Default `dist/widget`. */
  outDir?: string;
  /** Vite log level. Default `warn`. */
  logLevel?: 'info' | 'warn' | 'error' | 'silent';
  /** Another entry built the same way (browser tests' probe pages). Default: the widget. */
  entry?: string;
}

export async function buildWidgetBundle(options: BuildWidgetOptions = {}): Promise<WidgetBundleFile[]> {
  const outDir = options.outDir ?? DEFAULT_WIDGET_OUT_DIR;
  await build({
    configFile: join(REPO_ROOT, 'vite.config.ts'),
    root: REPO_ROOT,
    logLevel: options.logLevel ?? 'warn',
    build: {
      outDir,
      emptyOutDir: true,
      ...(options.entry ? { lib: { entry: options.entry, formats: ['es' as const], fileName: () => WIDGET_ENTRY_FILE } } : {}),
    },
  });
  return measureWidgetBundle(outDir);
}

/** Sizes of the JS files in a built widget directory (source maps excluded). */
export async function measureWidgetBundle(outDir: string): Promise<WidgetBundleFile[]> {
  const entries = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files: WidgetBundleFile[] = [];
  for (const e of entries) {
    if (!e.isFile() || !e.name.endsWith('.js')) continue;
    const full = join(e.parentPath, e.name);
    const bytes = await readFile(full);
    const path = relative(outDir, full);
    files.push({ path, bytes: bytes.byteLength, gzipBytes: gzipSync(bytes, { level: 9 }).byteLength, main: path === WIDGET_ENTRY_FILE });
  }
  return files.sort((a, b) => Number(b.main) - Number(a.main) || a.path.localeCompare(b.path));
}

/** `import … from "./x.js"` and `import "./x.js"`, not `import("./x.js")` (lazy). */
const STATIC_IMPORT = /(?:^|[;\n}])\s*import\s*(?:[\w*{}\s,$]+from\s*)?["'](\.{1,2}\/[^"']+)["']/g;

/**
 * The files a page downloads before the widget can run: the entry plus every chunk it imports
 * statically, transitively. Lazily imported chunks (answer view, model runtime) are excluded.
 */
export async function startupFiles(outDir: string, files: readonly WidgetBundleFile[], entry = WIDGET_ENTRY_FILE): Promise<WidgetBundleFile[]> {
  const byPath = new Map(files.map((f) => [f.path, f]));
  const seen = new Set<string>();
  const visit = async (path: string): Promise<void> => {
    if (seen.has(path)) return;
    if (!byPath.has(path)) throw new Error(`${path} is imported by the widget but was not built`);
    seen.add(path);
    const code = await readFile(join(outDir, path), 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) await visit(posix.normalize(posix.join(posix.dirname(path), m[1]!)));
  };
  await visit(entry);
  return [...seen].map((p) => byPath.get(p)!);
}

export function formatBundleReport(files: readonly WidgetBundleFile[]): string {
  return files
    .map(
      (f) =>
        `${f.main ? 'main ' : 'lazy '} ${f.path.padEnd(48)} ${(f.bytes / 1024).toFixed(1).padStart(8)} KB  gzip ${(f.gzipBytes / 1024).toFixed(1).padStart(7)} KB`,
    )
    .join('\n');
}
