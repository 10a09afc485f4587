/**
 * @module
 * Writes the files a CDN or object store serves for the widget when DATA_PUBLIC_URL points at
 * it, in the proxy's own URL layout, so `${DATA_PUBLIC_URL}/data/corpus/manifest.json` is the
 * file the proxy serves at `/data/corpus/manifest.json`:
 *
 *   widget/…            the built widget (entry `quran-dai.js`, hashed chunks and assets)
 *   data/corpus/…       the corpus manifest and its content-hashed parts
 *   data/index/<id>/…   the served vector index (manifest and content-hashed vectors)
 *   data/site/…         the mosque's own documents, when there are any (manifest and content-hashed files)
 *   fonts/<file>.woff2  the Quranic font the widget registers
 */
import { cp, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { SiteManifest } from '../../data/site/site-types.js';
import { IMMUTABLE_NAMES } from '../../proxy/app.js';
import {
  DEFAULT_STATIC_FILES_OPTIONS,
  IMMUTABLE_CACHE_CONTROL,
  PUBLIC_CORS_HEADERS,
  REVALIDATE_CACHE_CONTROL,
} from '../../proxy/middleware/static-files/index.js';

export interface ExportStaticTreeOptions {
  /** Built widget folder (WIDGET_DIR, `dist/widget`). Required. */
  readonly widgetDir: string;
  /** Corpus folder (CORPUS_DIR). Required. */
  readonly corpusDir: string;
  /** Topic index folder (TOPICS_DIR), or null: none is published (search works without it). */
  readonly topicsDir?: string | null;
  /** The served index's own folder (`<INDEX_DIR>/<id>`) and id, or null for keyword search only. Required. */
  readonly index: { readonly id: string; readonly dir: string } | null;
  /** The site artefact's folder (SITE_DIR) and its manifest, or null: no site documents. Required. */
  readonly site: { readonly dir: string; readonly manifest: SiteManifest } | null;
  /** The font file to publish (`@fontsource/scheherazade-new/files/<name>`), or null. Required. */
  readonly fontFile: string | null;
  /** Output folder; emptied first. Required. */
  readonly outDir: string;
}

/** One file written, by its path under the output folder (`/`-separated, as in the URL). */
export interface ExportedFile {
  readonly path: string;
  readonly bytes: number;
}

export async function exportStaticTree(options: ExportStaticTreeOptions): Promise<ExportedFile[]> {
  const { outDir } = options;
  await mustBeDir(options.widgetDir, 'WIDGET_DIR (the built widget): run npm run build:widget');
  await mustBeDir(options.corpusDir, 'CORPUS_DIR (the corpus): run npm run build:corpus');
  await rm(outDir, { recursive: true, force: true });
  await mkdir(outDir, { recursive: true });
  await cp(options.widgetDir, join(outDir, 'widget'), { recursive: true });
  await cp(options.corpusDir, join(outDir, 'data', 'corpus'), { recursive: true });
  if (options.topicsDir) await cp(options.topicsDir, join(outDir, 'data', 'topics'), { recursive: true });
  if (options.index) await cp(options.index.dir, join(outDir, 'data', 'index', options.index.id), { recursive: true });
  if (options.site) {
    const siteOut = join(outDir, 'data', 'site');
    await mkdir(siteOut, { recursive: true });
    // The manifest and the files it lists: what the widget fetches, not whatever else lies in SITE_DIR.
    for (const name of ['manifest.json', ...options.site.manifest.files.map((f) => f.path)]) await cp(join(options.site.dir, name), join(siteOut, name));
  }
  if (options.fontFile) {
    await mkdir(join(outDir, 'fonts'), { recursive: true });
    await cp(options.fontFile, join(outDir, 'fonts', options.fontFile.split(sep).at(-1)!));
  }
  return listFiles(outDir);
}

async function mustBeDir(path: string, what: string): Promise<void> {
  const s = await stat(path).catch(() => null);
  if (!s?.isDirectory()) throw new Error(`${path} is missing; it should hold ${what}`);
}

async function listFiles(root: string): Promise<ExportedFile[]> {
  const out: ExportedFile[] = [];
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    out.push({ path: relative(root, full).split(sep).join('/'), bytes: (await stat(full)).size });
  }
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The headers the CDN must send for `path` under the exported tree: the proxy's own for that
 * file (see docs/deploy.md). Content-hashed names never change; the manifests and the widget
 * entry are revalidated so a new version is seen at once.
 */
export function cdnHeadersFor(path: string): Record<string, string> {
  const name = path.split('/').at(-1)!;
  const widgetChunk = path.startsWith('widget/') && IMMUTABLE_NAMES.widget!.test(name);
  const immutable = widgetChunk || DEFAULT_STATIC_FILES_OPTIONS.immutable.test(name);
  return { ...PUBLIC_CORS_HEADERS, 'cache-control': immutable ? IMMUTABLE_CACHE_CONTROL : REVALIDATE_CACHE_CONTROL };
}
