/**
 * `npm start`: build the mosque's own documents (SITE_DOCS_DIR, or the demo mosque's sample
 * folder) into SITE_DIR with the embedder of the index being served, so the demo answers
 * "When is Jumu'ah?" from them. Every start rebuilds (unchanged chunks keep their vectors, so
 * it is quick). A folder with problems does not stop the Quran side: its problems are printed
 * and the proxy serves no site documents until they are fixed.
 */
import { rm } from 'node:fs/promises';
import { resolve } from 'node:path';
import { join } from 'node:path';
import { locateIndex } from '../../proxy/config/index-locator.js';
import { parseProxyConfig, type ProxyEnv } from '../../proxy/config/proxy-config.js';
import { runSiteBuild } from '../site-build/site-build-run.js';
import { SiteSourceError } from '../site-build/site-sources.js';
import { reportSiteBuild } from '../build-site.js';

export const DEMO_SITE_DOCS = 'demo/site-docs';

export async function ensureSite(env: ProxyEnv, rootDir: string, log: (line: string) => void = console.log): Promise<'built' | 'failed'> {
  const config = parseProxyConfig(env);
  const at = (p: string) => resolve(rootDir, p);
  const source = at(env.SITE_DOCS_DIR?.trim() || DEMO_SITE_DOCS);
  const outDir = at(config.paths.siteDir);
  const mb = Number(env.SITE_DOCS_MAX_FILE_MB?.trim() || 'NaN');
  try {
    const index = await locateIndex(at(config.paths.indexDir), config.paths.indexId);
    const result = await runSiteBuild({ source, outDir, index, env, ...(mb > 0 ? { maxFileBytes: Math.round(mb * 1024 * 1024) } : {}) });
    log(`quran-dai: site documents from ${source}\n${reportSiteBuild(result)}`);
    return 'built';
  } catch (e) {
    if (!(e instanceof SiteSourceError)) throw e;
    // Stale passages must not be served as the mosque's current word.
    await rm(join(outDir, 'manifest.json'), { force: true });
    log(`quran-dai: the site documents in ${source} were not built, so none are served:\n${e.message}`);
    return 'failed';
  }
}
