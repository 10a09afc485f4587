/**
 * Reading the site artefact at the boundary: bytes → checked, typed objects, every file
 * verified against the manifest's sha256 before it is trusted. The same reader serves Node
 * (the proxy's own copy, build reuse) and the browser (through fetch or IndexedDB): it only
 * asks for a `read(path)` function.
 */
import { sha256Hex } from '../corpus/content-hash.js';
import { decodeVectorFile } from '../index/vector-file.js';
import type { QuantizedVectors } from '../index/int8-quantization.js';
import { SiteDataError } from './site-data-error.js';
import type { SiteChunk, SiteManifest, SiteManifestFile, SitePart } from './site-types.js';

export interface SiteArtefact {
  readonly manifest: SiteManifest;
  readonly chunks: readonly SiteChunk[];
  /** Chunk vectors in chunk order, or null when the site was built without an embedder. */
  readonly vectors: QuantizedVectors | null;
}

const REBUILD = 'rebuild it with npm run build:site';

export function parseSiteManifest(json: unknown): SiteManifest {
  const m = json as Partial<SiteManifest> | null;
  if (!m || m.schema !== 1 || typeof m.version !== 'string' || typeof m.chunkCount !== 'number' || !Array.isArray(m.files) || !Array.isArray(m.documents)) {
    throw new SiteDataError('corrupt-data', `the site manifest.json is not schema 1; ${REBUILD}`);
  }
  if (m.vectors !== null && (typeof m.vectors !== 'object' || !Array.isArray(m.vectors.textHashes) || typeof m.vectors.dims !== 'number')) {
    throw new SiteDataError('corrupt-data', `the site manifest.json has malformed vector settings; ${REBUILD}`);
  }
  return m as SiteManifest;
}

export function siteManifestEntry(manifest: SiteManifest, part: SitePart): SiteManifestFile | undefined {
  return manifest.files.find((f) => f.part === part);
}

export async function verifySiteBytes(entry: SiteManifestFile, bytes: Uint8Array): Promise<void> {
  const actual = await sha256Hex(bytes);
  if (actual !== entry.sha256) {
    throw new SiteDataError('corrupt-data', `${entry.path} failed its integrity check (sha256 ${actual.slice(0, 12)}…, expected ${entry.sha256.slice(0, 12)}…); it was truncated or changed, so reload or ${REBUILD}`);
  }
}

export function parseSiteChunks(json: unknown, manifest: SiteManifest): SiteChunk[] {
  const f = json as { chunks?: unknown } | null;
  if (!f || !Array.isArray(f.chunks) || f.chunks.length !== manifest.chunkCount) {
    throw new SiteDataError('corrupt-data', `the site chunks file does not hold the ${manifest.chunkCount} chunks its manifest lists; ${REBUILD}`);
  }
  f.chunks.forEach((c: Partial<SiteChunk>, i) => {
    if (c.id !== i || typeof c.text !== 'string' || typeof c.title !== 'string' || typeof c.anchor !== 'string' || typeof c.doc !== 'string' || !Array.isArray(c.headings)) {
      throw new SiteDataError('corrupt-data', `site chunk ${i} is malformed; ${REBUILD}`);
    }
  });
  return f.chunks as SiteChunk[];
}

/** Read and verify the whole artefact; `read` gets paths relative to the manifest. */
export async function readSiteArtefact(read: (path: string) => Promise<Uint8Array>): Promise<SiteArtefact> {
  const manifest = parseSiteManifest(decodeJson(await read('manifest.json')));
  const load = async (part: SitePart) => {
    const entry = siteManifestEntry(manifest, part);
    if (!entry) return undefined;
    const bytes = await read(entry.path);
    await verifySiteBytes(entry, bytes);
    return bytes;
  };
  const chunkBytes = await load('chunks');
  if (!chunkBytes) throw new SiteDataError('corrupt-data', `the site manifest lists no chunks file; ${REBUILD}`);
  const chunks = parseSiteChunks(decodeJson(chunkBytes), manifest);
  const vectorBytes = manifest.vectors ? await load('vectors') : undefined;
  if (manifest.vectors && !vectorBytes) throw new SiteDataError('corrupt-data', `the site manifest names an embedder but no vectors file; ${REBUILD}`);
  const vectors = vectorBytes ? decodeVectorFile(vectorBytes) : null;
  if (vectors && (vectors.count !== chunks.length || vectors.dims !== manifest.vectors!.dims)) {
    throw new SiteDataError('corrupt-data', `the site vectors file holds ${vectors.count}×${vectors.dims} vectors for ${chunks.length} chunks of ${manifest.vectors!.dims} dims; ${REBUILD}`);
  }
  return { manifest, chunks, vectors };
}

function decodeJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new SiteDataError('corrupt-data', `a site artefact file is not valid JSON; ${REBUILD}`);
  }
}
