/**
 * `npm start`: which of the mosque's documents the proxy serves.
 *
 * - SITE_DOCS_DIR set: that folder is built into SITE_DIR with the embedder of the index being
 *   served (unchanged chunks keep their vectors, so a restart is quick).
 * - Otherwise, a build the owner made with `npm run build:site` (a manifest in SITE_DIR that is
 *   not the demo's) is served as it is, never rebuilt or replaced.
 * - Otherwise, only for the local demo (ALLOWED_ORIGINS unset, so no other site can use this
 *   proxy): the demo mosque's sample documents, built into their own folder, so the demo page
 *   answers "When is Jumu'ah?". A real mosque's visitors must never be given the demo's
 *   made-up timetable as the mosque's word.
 * - Otherwise none, and the log says how to add them.
 *
 * A folder with problems does not stop the Quran side: its problems are printed and the proxy
 * serves no site documents until they are fixed.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { locateIndex } from '../../proxy/config/index-locator.js';
import { parseProxyConfig, type ProxyEnv } from '../../proxy/config/proxy-config.js';
import { runSiteBuild } from '../site-build/site-build-run.js';
import { SiteSourceError } from '../site-build/site-sources.js';
import { reportSiteBuild } from '../build-site.js';

export const DEMO_SITE_DOCS = 'demo/site-docs';
/** Where the demo's sample documents are built: apart from SITE_DIR, which is the owner's. */
export const DEMO_SITE_DIR = 'data/dist/site-demo';

export interface EnsuredSite {
  /** `built`: SITE_DOCS_DIR or the demo was built; `kept`: the owner's own build is served; `none`; `failed`. */
  readonly status: 'built' | 'kept' | 'none' | 'failed';
  /** The env the proxy is started with (SITE_DIR points at the demo's folder when it is served). */
  readonly env: ProxyEnv;
}

export async function ensureSite(env: ProxyEnv, rootDir: string, log: (line: string) => void = console.log): Promise<EnsuredSite> {
  const config = parseProxyConfig(env);
  const at = (p: string) => resolve(rootDir, p);
  const ownerDocs = env.SITE_DOCS_DIR?.trim();
  const siteDir = at(config.paths.siteDir);
  if (ownerDocs) return { status: await build(at(ownerDocs), siteDir, env, rootDir, log), env };

  const demoDocs = at(DEMO_SITE_DOCS);
  const existing = await builtDocuments(siteDir);
  if (existing && !(await isDemoBuild(existing, demoDocs))) {
    log(
      `quran-dai: site documents: the build in ${siteDir} (${existing.length} documents), as npm run build:site made it; set SITE_DOCS_DIR to rebuild a folder on every start`,
    );
    return { status: 'kept', env };
  }
  if (config.allowedOrigins === '*' || config.allowedOrigins.length > 0) {
    // An earlier start's demo build in SITE_DIR must not reach the mosque's visitors either.
    if (existing) await rm(join(siteDir, 'manifest.json'), { force: true });
    log(
      "quran-dai: site documents: none. The demo mosque's sample documents are served only while ALLOWED_ORIGINS is unset; " +
        "to answer from your mosque's own documents, set SITE_DOCS_DIR to their folder (or run npm run build:site -- --source <folder>)",
    );
    return { status: 'none', env };
  }
  const demoDir = at(DEMO_SITE_DIR);
  const status = await build(
    demoDocs,
    demoDir,
    env,
    rootDir,
    log,
    " (the demo mosque's sample documents, for this proxy's own demo page only; set SITE_DOCS_DIR for your own)",
  );
  // Only the proxy's own demo page gets them: a snippet pasted on another site must never answer
  // with the demo mosque's made-up timetable, whatever ALLOWED_ORIGINS says.
  return { status, env: status === 'built' ? { ...env, SITE_DIR: demoDir, SITE_DEMO_ONLY: 'true' } : env };
}

async function build(source: string, outDir: string, env: ProxyEnv, rootDir: string, log: (line: string) => void, note = ''): Promise<'built' | 'failed'> {
  const config = parseProxyConfig(env);
  const at = (p: string) => resolve(rootDir, p);
  const mb = Number(env.SITE_DOCS_MAX_FILE_MB?.trim() || 'NaN');
  try {
    const index = await locateIndex(at(config.paths.indexDir), config.paths.indexId);
    const result = await runSiteBuild({ source, outDir, index, env, ...(mb > 0 ? { maxFileBytes: Math.round(mb * 1024 * 1024) } : {}) });
    log(`quran-dai: site documents from ${source}${note}\n${reportSiteBuild(result)}`);
    return 'built';
  } catch (e) {
    if (!(e instanceof SiteSourceError)) throw e;
    // Stale passages must not be served as the mosque's current word.
    await rm(join(outDir, 'manifest.json'), { force: true });
    log(`quran-dai: the site documents in ${source} were not built, so none are served:\n${e.message}`);
    return 'failed';
  }
}

/** The source file names of the build in `dir`, or undefined when there is none. */
async function builtDocuments(dir: string): Promise<string[] | undefined> {
  try {
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8')) as { documents?: { source?: unknown }[] };
    return (manifest.documents ?? []).map((d) => String(d.source));
  } catch {
    return undefined;
  }
}

/** Earlier versions built the demo into SITE_DIR: such a build is recognised by its files. */
async function isDemoBuild(sources: readonly string[], demoDocs: string): Promise<boolean> {
  const demo = await readdir(demoDocs).catch(() => [] as string[]);
  return sources.length > 0 && sources.length === demo.length && sources.every((s) => demo.includes(s));
}
