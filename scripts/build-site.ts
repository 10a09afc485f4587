/**
 * `npm run build:site [-- --source ./site-docs] [--out DIR] [--max-file-mb N] [--no-embed]`:
 * the mosque's own documents (.md, .txt, .pdf) → data/dist/site (chunks, vectors when an
 * embedder is configured, manifest.json), served by the proxy at /data/site.
 * Env: SITE_DOCS_DIR (the source folder), SITE_DIR (the output), SITE_DOCS_MAX_FILE_MB,
 * and the embedder settings of the served index (EMBEDDINGS_*, GEMINI_API_KEY; INDEX_DIR, INDEX_ID).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_SITE_DIR } from '../data/site/site-loader-node.js';
import { locateIndex } from '../proxy/config/index-locator.js';
import { siteSummary } from './site-build/site-artefacts.js';
import { runSiteBuild, type SiteBuildResult } from './site-build/site-build-run.js';
import { SiteSourceError } from './site-build/site-sources.js';
import { readProxyEnv } from '../proxy/server.js';
import { E5_MODEL, isE5Installed } from './e5/e5-install.js';
import { startE5Server, type E5Server } from './e5/e5-server.js';
import { isMainModule } from './main-module.js';

export const DEFAULT_SITE_DOCS_DIR = './site-docs';

export class SiteArgsError extends Error {
  override readonly name = 'SiteArgsError';
}

export interface SiteArgs {
  readonly source: string;
  readonly out: string;
  readonly maxFileBytes: number | undefined;
  readonly noEmbed: boolean;
}

export function parseSiteArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>>): SiteArgs {
  const { values } = parseArgs({
    args: [...argv],
    options: { source: { type: 'string' }, out: { type: 'string' }, 'max-file-mb': { type: 'string' }, 'no-embed': { type: 'boolean' } },
    strict: true,
  });
  const mbText = values['max-file-mb'] ?? env.SITE_DOCS_MAX_FILE_MB;
  let maxFileBytes: number | undefined;
  if (mbText !== undefined && mbText.trim() !== '') {
    const mb = Number(mbText);
    if (!(mb > 0 && mb <= 1024))
      throw new SiteArgsError(`--max-file-mb / SITE_DOCS_MAX_FILE_MB must be a number of megabytes between 0 and 1024, got "${mbText}"`);
    maxFileBytes = Math.round(mb * 1024 * 1024);
  }
  return {
    source: values.source ?? (env.SITE_DOCS_DIR?.trim() || DEFAULT_SITE_DOCS_DIR),
    out: values.out ?? (env.SITE_DIR?.trim() || DEFAULT_SITE_DIR),
    maxFileBytes,
    noEmbed: values['no-embed'] ?? false,
  };
}

export function reportSiteBuild(r: SiteBuildResult): string {
  return [
    siteSummary(r.built),
    r.keywordOnlyReason ? `keyword search only: ${r.keywordOnlyReason}` : `embedded ${r.embedded} chunks, reused ${r.reused} unchanged`,
    ...(r.ignored.length ? [`ignored (not .md, .txt or .pdf): ${r.ignored.join(', ')}`] : []),
  ].join('\n');
}

export async function main(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  log: (line: string) => void = console.log,
): Promise<SiteBuildResult> {
  const args = parseSiteArgs(argv, env);
  const index = args.noEmbed ? null : await locateIndex(resolve(env.INDEX_DIR?.trim() || 'data/dist/index'), env.INDEX_ID?.trim() ?? '');
  // The bundled model's index, with no server configured: start it, as npm start does, so the
  // documents get the vectors (and the version) the proxy will serve, not a keyword-only build.
  const e5 =
    index?.embedder === 'openai-compatible' && index.model === E5_MODEL && !env.EMBEDDINGS_BASE_URL?.trim() && isE5Installed()
      ? await startLocalModel(log)
      : undefined;
  try {
    const withServer = e5 ? { ...env, EMBEDDINGS_BASE_URL: e5.baseURL } : env;
    return await runSiteBuild({
      source: resolve(args.source),
      outDir: resolve(args.out),
      index,
      env: withServer,
      noEmbed: args.noEmbed,
      ...(args.maxFileBytes ? { maxFileBytes: args.maxFileBytes } : {}),
    });
  } finally {
    await e5?.stop();
  }
}

async function startLocalModel(log: (line: string) => void): Promise<E5Server> {
  log('build:site: starting the local embedding model (multilingual-e5-small)…');
  return startE5Server();
}

if (isMainModule(import.meta.url)) {
  try {
    // The same .env as the proxy and npm start: SITE_DOCS_DIR, SITE_DIR and the EMBEDDINGS_* set there count here too.
    console.log(reportSiteBuild(await main(process.argv.slice(2), readProxyEnv())));
  } catch (e) {
    if (e instanceof SiteSourceError || e instanceof SiteArgsError) {
      console.error(`build:site: ${e.message}`);
      process.exit(1);
    }
    throw e;
  }
}
