/**
 * @module
 * What `npm run export:static` writes for a proxy's settings: the folders, the served index
 * and the site documents that proxy would serve (relative paths resolved against the
 * repository, as the proxy resolves them), so the CDN copy is the proxy's own.
 */
import { existsSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import type { ProxyConfig } from '../../proxy/config/proxy-config.js';
import { locateIndex } from '../../proxy/config/index-locator.js';
import { loadSiteFromDir } from '../../data/site/site-loader-node.js';
import type { SiteManifest } from '../../data/site/site-types.js';
import { REPO_ROOT, resolveQuranFontDir } from '../../proxy/server.js';
import { QURAN_FONT_FILE } from '../../widget/verses/quran-font.js';
import { exportStaticTree, type ExportedFile } from './export-static-tree.js';

export interface StaticExport {
  readonly files: readonly ExportedFile[];
  /** The served index's id, or null: keyword search only. */
  readonly indexId: string | null;
  /** The site documents' manifest, or null: none. */
  readonly site: SiteManifest | null;
}

export async function exportStaticForConfig(config: ProxyConfig, outDir: string, rootDir: string = REPO_ROOT): Promise<StaticExport> {
  const at = (p: string) => (isAbsolute(p) ? p : resolve(rootDir, p));
  const index = await locateIndex(at(config.paths.indexDir), config.paths.indexId);
  const siteDir = at(config.paths.siteDir);
  // Read and verified as the proxy reads it at start: a damaged artefact stops here, not on the CDN.
  const site = await loadSiteFromDir(siteDir);
  const fontDir = resolveQuranFontDir();
  const files = await exportStaticTree({
    widgetDir: at(config.paths.widgetDir),
    corpusDir: at(config.paths.corpusDir),
    topicsDir: existsSync(join(at(config.paths.topicsDir), 'manifest.json')) ? at(config.paths.topicsDir) : null,
    index: index ? { id: index.id, dir: join(at(config.paths.indexDir), index.id) } : null,
    site: site ? { dir: siteDir, manifest: site.manifest } : null,
    fontFile: fontDir ? join(fontDir, QURAN_FONT_FILE) : null,
    outDir,
  });
  return { files, indexId: index?.id ?? null, site: site?.manifest ?? null };
}
