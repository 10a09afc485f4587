/**
 * Turn a verified vector index (manifest + file bytes) into a `VectorSearch` with the
 * exact flat scan from `data/index/`: no WASM to ship, and 6,236 int8 dot products take
 * a few milliseconds. The bytes are read in place (views, no copy).
 */
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import { decodeVectorFile } from '../../data/index/vector-file.js';
import { createFlatVectorSearch } from '../../data/index/flat-vector-search.js';
import { DataLoadError } from './data-load-error.js';

export function vectorSearchFromIndexData(manifest: VectorIndexManifest, files: ReadonlyMap<string, Uint8Array>): VectorSearch {
  const file = manifest.files.find((f) => f.path.endsWith('.bin')) ?? manifest.files[0];
  const bytes = file && files.get(file.path);
  if (!bytes) throw new DataLoadError('corrupt-data', `vector index ${manifest.id} lists no vector file; rebuild it with npm run build:index`);
  const vectors = decodeVectorFile(bytes);
  if (vectors.dims !== manifest.dims || vectors.count !== manifest.count) {
    throw new DataLoadError('corrupt-data', `vector index ${manifest.id} holds ${vectors.count} x ${vectors.dims} vectors but its manifest says ${manifest.count} x ${manifest.dims}; rebuild it with npm run build:index`);
  }
  return createFlatVectorSearch(vectors);
}
