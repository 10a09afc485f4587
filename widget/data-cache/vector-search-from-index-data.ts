/**
 * Turn a verified vector index (manifest + file bytes) into a `VectorSearch` with the
 * exact flat scan from `data/index/` (ADR 0001): no .wasm file to ship (its SIMD kernel is
 * assembled inline, with a JS fallback), and no index to build. The bytes are read in place (views, no copy). The sha256 was checked
 * before the bytes were stored and the cache is keyed by it, so it is not recomputed on every visit (cache-version.ts).
 */
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import { parseVectorIndex, vectorFileOf } from '../../data/index/vector-index-loader.js';
import { createFlatVectorSearch } from '../../data/index/flat-vector-search.js';
import { DataLoadError } from './data-load-error.js';

/** A staged index with only its signs loaded searches with them (coarse); with every file, exactly. */
export async function vectorSearchFromIndexData(manifest: VectorIndexManifest, files: ReadonlyMap<string, Uint8Array>): Promise<VectorSearch> {
  const file = vectorFileOf(manifest);
  if (!files.has(file.path)) throw new DataLoadError('corrupt-data', `vector index ${manifest.id}: ${file.path} was not loaded; reload the page`);
  const { vectors } = await parseVectorIndex(manifest, files, { verify: false, corpusVersion: manifest.corpusVersion });
  return createFlatVectorSearch(vectors);
}
