/**
 * @module
 * The folder a Cloudflare Worker serves as its static assets (`dist/worker-assets`), laid out
 * by URL as the Node proxy serves them: the widget, the corpus, topics, the one vector index the
 * Worker serves, the mosque's documents, the Quranic font, the demo page, and, for an index the
 * browser embeds itself, the model and its runtime. `quran-dai-worker.json` tells the Worker
 * what it holds. Cloudflare takes no asset over 25 MiB: such a file stops the build, named.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { locateIndex } from '../../proxy/config/index-locator.js';
import type { ProxyConfig } from '../../proxy/config/proxy-config.js';
import { STATIC_MOUNTS } from '../../proxy/app.js';

/** Cloudflare's limit per static asset. */
export const MAX_ASSET_BYTES = 25 * 1024 * 1024;

/** What the Worker reads at start: which index and whether site documents are there. */
export interface WorkerAssetsInfo {
  readonly builtAt: number;
  readonly index: string | null;
  readonly site: boolean;
}

export const WORKER_ASSETS_INFO = 'quran-dai-worker.json';
/** The demo page sits under its own folder: every asset path belongs to a mount. */
export const WORKER_DEMO_PREFIX = '/demo';

export interface WorkerAssetsOptions {
  readonly config: ProxyConfig;
  /** Resolves a path from the settings (relative to the repository). */
  readonly at: (path: string) => string;
  readonly outDir: string;
  /** The Quranic font's files (@fontsource), if installed. */
  readonly fontDir: string | undefined;
  /** onnxruntime-web's dist, for an index the browser embeds itself. */
  readonly ortDir: string | undefined;
  readonly now?: number;
}

export interface WorkerAssetsReport extends WorkerAssetsInfo {
  readonly files: number;
  readonly bytes: number;
  readonly skipped: readonly string[];
}

export async function buildWorkerAssets(o: WorkerAssetsOptions): Promise<WorkerAssetsReport> {
  const { config, at, outDir } = o;
  const widgetDir = at(config.paths.widgetDir);
  if (!existsSync(join(widgetDir, 'quran-dai.js'))) throw new Error(`no widget at ${widgetDir}; run npm run build first`);
  const corpusDir = at(config.paths.corpusDir);
  if (!existsSync(join(corpusDir, 'manifest.json'))) throw new Error(`no corpus at ${corpusDir}; run npm run build first`);
  const index = await locateIndex(at(config.paths.indexDir), config.paths.indexId);
  const siteDir = at(config.paths.siteDir);
  const site = existsSync(join(siteDir, 'manifest.json'));

  rmSync(outDir, { recursive: true, force: true });
  const skipped: string[] = [];
  const copy = (from: string, mount: string, keep: (file: string) => boolean = () => true): void => {
    if (!existsSync(from)) return;
    const to = join(outDir, mount);
    mkdirSync(to, { recursive: true });
    cpSync(from, to, {
      recursive: true,
      filter: (src) => {
        if (!keep(src)) return false;
        if (statSync(src).isDirectory()) return true;
        if (statSync(src).size <= MAX_ASSET_BYTES) return true;
        skipped.push(relative(from, src));
        return false;
      },
    });
  };
  copy(widgetDir, STATIC_MOUNTS.widget);
  copy(corpusDir, STATIC_MOUNTS.corpus);
  copy(at(config.paths.topicsDir), STATIC_MOUNTS.topics);
  if (index) copy(join(at(config.paths.indexDir), index.id), `${STATIC_MOUNTS.index}/${index.id}`);
  if (site) copy(siteDir, STATIC_MOUNTS.site);
  if (o.fontDir) copy(o.fontDir, STATIC_MOUNTS.fonts);
  copy(at(config.paths.demoDir), WORKER_DEMO_PREFIX, (file) => !relative(at(config.paths.demoDir), file).startsWith('site-docs'));
  if (index?.embedder === 'local') {
    copy(at(config.paths.modelsDir), STATIC_MOUNTS.models);
    if (o.ortDir) copy(o.ortDir, STATIC_MOUNTS.ort, (file) => file === o.ortDir || file.endsWith('.wasm'));
  }
  if (skipped.length > 0) {
    throw new Error(
      `Cloudflare serves no asset over 25 MiB, and these are larger: ${skipped.join(', ')}. Serve an index whose queries the proxy embeds (EMBEDDINGS_BASE_URL or Gemini), or none (INDEX_ID=none)`,
    );
  }
  const info: WorkerAssetsInfo = { builtAt: o.now ?? Date.now(), index: index?.id ?? null, site };
  writeFileSync(join(outDir, WORKER_ASSETS_INFO), `${JSON.stringify(info)}\n`);
  const sizes = listFiles(outDir).map((f) => statSync(f).size);
  return { ...info, files: sizes.length, bytes: sizes.reduce((a, b) => a + b, 0), skipped };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? listFiles(join(dir, d.name)) : [join(dir, d.name)]));
}
