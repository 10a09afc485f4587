/**
 * Reading the whole site artefact: manifest, chunks and vectors, every file verified against
 * the manifest's sha256 before it is trusted. It only asks for a `read(path)` function, so
 * the proxy (its own copy), the build (reusing vectors) and tests share it.
 */
import { decodeVectorFile } from '../index/vector-file.js';
import type { QuantizedVectors } from '../index/int8-quantization.js';
import { SiteDataError } from './site-data-error.js';
import { decodeSiteJson, parseSiteChunks, parseSiteManifest, REBUILD_SITE, siteManifestEntry, verifySiteBytes } from './site-artefact-parts.js';
import type { SiteChunk, SiteManifest, SitePart } from './site-types.js';

export { parseSiteChunks, parseSiteManifest, siteManifestEntry, verifySiteBytes } from './site-artefact-parts.js';

export interface SiteArtefact {
  readonly manifest: SiteManifest;
  readonly chunks: readonly SiteChunk[];
  /** Chunk vectors in chunk order, or null when the site was built without an embedder. */
  readonly vectors: QuantizedVectors | null;
}

/** Read and verify the whole artefact; `read` gets paths relative to the manifest. */
export async function readSiteArtefact(read: (path: string) => Promise<Uint8Array>): Promise<SiteArtefact> {
  const manifest = parseSiteManifest(decodeSiteJson(await read('manifest.json')));
  const load = async (part: SitePart) => {
    const entry = siteManifestEntry(manifest, part);
    if (!entry) return undefined;
    const bytes = await read(entry.path);
    await verifySiteBytes(entry, bytes);
    return bytes;
  };
  const chunkBytes = await load('chunks');
  if (!chunkBytes) throw new SiteDataError('corrupt-data', `the site manifest lists no chunks file; ${REBUILD_SITE}`);
  const chunks = parseSiteChunks(decodeSiteJson(chunkBytes), manifest);
  const vectorBytes = manifest.vectors ? await load('vectors') : undefined;
  if (manifest.vectors && !vectorBytes) throw new SiteDataError('corrupt-data', `the site manifest names an embedder but no vectors file; ${REBUILD_SITE}`);
  const vectors = vectorBytes ? decodeVectorFile(vectorBytes) : null;
  if (vectors && (vectors.count !== chunks.length || vectors.dims !== manifest.vectors!.dims)) {
    throw new SiteDataError(
      'corrupt-data',
      `the site vectors file holds ${vectors.count}×${vectors.dims} vectors for ${chunks.length} chunks of ${manifest.vectors!.dims} dims; ${REBUILD_SITE}`,
    );
  }
  return { manifest, chunks, vectors };
}
