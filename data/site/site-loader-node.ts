/**
 * Node-side reader of the built site artefact (proxy, scripts): `data/dist/site` unless told
 * otherwise. No manifest means no site documents (`null`), which is normal: most mosques start
 * with the Quran only.
 */
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readSiteArtefact, type SiteArtefact } from './site-artefact-reader.js';

export const DEFAULT_SITE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'site');

export async function loadSiteFromDir(dir: string = DEFAULT_SITE_DIR): Promise<SiteArtefact | null> {
  try {
    await stat(join(dir, 'manifest.json'));
  } catch {
    return null;
  }
  return readSiteArtefact(async (path) => new Uint8Array(await readFile(join(dir, path))));
}
