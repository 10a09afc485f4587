/**
 * The demo mosque's sample documents (demo/site-docs) built in memory and read back through
 * the artefact reader, FOR TESTS: the proxy, the search and the widget see exactly what
 * `npm run build:site` would serve, with the files to serve alongside.
 */
import { join } from 'node:path';
import { chunkDocuments } from '../../data/site/site-chunker.js';
import { readSiteArtefact, type SiteArtefact } from '../../data/site/site-artefact-reader.js';
import { buildSiteArtefact } from './site-artefacts.js';
import { readSiteSources } from './site-sources.js';

export const DEMO_SITE_DOCS_DIR = join(import.meta.dirname, '..', '..', 'demo', 'site-docs');

export interface DemoSite {
  readonly site: SiteArtefact;
  /** File name → bytes, manifest.json included. */
  readonly files: Readonly<Record<string, Uint8Array>>;
}

export async function buildDemoSite(): Promise<DemoSite> {
  const { documents } = await readSiteSources(DEMO_SITE_DOCS_DIR);
  const built = buildSiteArtefact(
    documents.map((d) => ({ doc: d.doc, title: d.title, source: d.source })),
    chunkDocuments(documents),
    null,
  );
  const files: Record<string, Uint8Array> = { 'manifest.json': built.manifestBytes };
  for (const f of built.files) files[f.path] = f.bytes;
  const site = await readSiteArtefact(async (path) => {
    const bytes = files[path];
    if (!bytes) throw new Error(`no ${path}`);
    return bytes;
  });
  return { site, files };
}

/** The id of the demo chunk under `anchor` (the first when there are several). */
export function demoChunkId(site: SiteArtefact, anchor: string): number {
  const chunk = site.chunks.find((c) => c.anchor === anchor);
  if (!chunk) throw new Error(`no demo site chunk under #${anchor}`);
  return chunk.id;
}
