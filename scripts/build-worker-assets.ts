/**
 * `npm run worker:assets`: writes dist/worker-assets, the static assets of the Cloudflare
 * Worker (scripts/worker-build/worker-assets.ts), from the same settings `npm start` reads
 * (INDEX_ID, SITE_DIR, …, from the environment and .env). Run `npm run build` first.
 */
import { isAbsolute, join, resolve } from 'node:path';
import { parseProxyConfig, type ProxyEnv } from '../proxy/config/proxy-config.js';
import { readProxyEnv, REPO_ROOT, resolveQuranFontDir, resolveOrtDir } from '../proxy/server.js';
import { buildWorkerAssets, type WorkerAssetsReport } from './worker-build/worker-assets.js';
import { isMainModule } from './main-module.js';

export const WORKER_ASSETS_DIR = join(REPO_ROOT, 'dist', 'worker-assets');

/** The Worker's assets for these settings (npm start's: paths relative to the repository), in dist/worker-assets. */
export function writeWorkerAssets(env: ProxyEnv): Promise<WorkerAssetsReport> {
  const config = parseProxyConfig(env);
  const at = (p: string) => (isAbsolute(p) ? p : resolve(REPO_ROOT, p));
  return buildWorkerAssets({
    config,
    at,
    outDir: WORKER_ASSETS_DIR,
    fontDir: resolveQuranFontDir(),
    ortDir: config.paths.ortDir ? at(config.paths.ortDir) : resolveOrtDir(),
  });
}

async function main(): Promise<void> {
  const report = await writeWorkerAssets(readProxyEnv());
  console.log(
    `quran-dai: ${report.files} files (${(report.bytes / 1024 / 1024).toFixed(1)} MiB) in dist/worker-assets; index ${report.index ?? 'none (keyword search)'}; ${report.site ? 'with' : 'without'} the mosque's documents`,
  );
}

if (isMainModule(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error(`quran-dai: worker assets not written: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
