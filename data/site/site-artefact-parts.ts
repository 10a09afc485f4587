/**
 * The site artefact's parts at the boundary: bytes → checked, typed objects, each file checked
 * against the manifest's sha256 before it is trusted. No vector decoding here: the page reads
 * these before it knows whether it will search by meaning, and keeps its first load small.
 */
import { sha256Hex } from '../corpus/content-hash.js';
import { SiteDataError } from './site-data-error.js';
import type { SiteChunk, SiteManifest, SiteManifestFile, SitePart } from './site-types.js';

export const REBUILD_SITE = 'rebuild it with npm run build:site';

export function parseSiteManifest(json: unknown): SiteManifest {
  const m = json as Partial<SiteManifest> | null;
  if (!m || m.schema !== 1 || typeof m.version !== 'string' || typeof m.chunkCount !== 'number' || !Array.isArray(m.files) || !Array.isArray(m.documents)) {
    throw new SiteDataError('corrupt-data', `the site manifest.json is not schema 1; ${REBUILD_SITE}`);
  }
  if (m.vectors !== null && (typeof m.vectors !== 'object' || !Array.isArray(m.vectors.textHashes) || typeof m.vectors.dims !== 'number')) {
    throw new SiteDataError('corrupt-data', `the site manifest.json has malformed vector settings; ${REBUILD_SITE}`);
  }
  return m as SiteManifest;
}

export function siteManifestEntry(manifest: SiteManifest, part: SitePart): SiteManifestFile | undefined {
  return manifest.files.find((f) => f.part === part);
}

export async function verifySiteBytes(entry: SiteManifestFile, bytes: Uint8Array): Promise<void> {
  const actual = await sha256Hex(bytes);
  if (actual !== entry.sha256) {
    throw new SiteDataError(
      'corrupt-data',
      `${entry.path} failed its integrity check (sha256 ${actual.slice(0, 12)}…, expected ${entry.sha256.slice(0, 12)}…); it was truncated or changed, so reload or ${REBUILD_SITE}`,
    );
  }
}

export function parseSiteChunks(json: unknown, manifest: SiteManifest): SiteChunk[] {
  const f = json as { chunks?: unknown } | null;
  if (!f || !Array.isArray(f.chunks) || f.chunks.length !== manifest.chunkCount) {
    throw new SiteDataError('corrupt-data', `the site chunks file does not hold the ${manifest.chunkCount} chunks its manifest lists; ${REBUILD_SITE}`);
  }
  f.chunks.forEach((c: Partial<SiteChunk>, i) => {
    if (
      c.id !== i ||
      typeof c.text !== 'string' ||
      typeof c.title !== 'string' ||
      typeof c.anchor !== 'string' ||
      typeof c.doc !== 'string' ||
      !Array.isArray(c.headings)
    ) {
      throw new SiteDataError('corrupt-data', `site chunk ${i} is malformed; ${REBUILD_SITE}`);
    }
  });
  return f.chunks as SiteChunk[];
}

export function decodeSiteJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new SiteDataError('corrupt-data', `a site artefact file is not valid JSON; ${REBUILD_SITE}`);
  }
}
