/**
 * Turn a verified vector index (manifest + file bytes) into a `VectorSearch`, through the
 * index reader in `data/index/`. Null when the format is not one this build can read.
 */
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';

export async function vectorSearchFromIndexData(manifest: VectorIndexManifest, files: ReadonlyMap<string, Uint8Array>): Promise<VectorSearch | null> {
  // The reader from data/index/ is wired in once it lands; until then keyword search only.
  void manifest;
  void files;
  return null;
}
