/**
 * One factory for both `VectorSearch` implementations. `flat` is the default: it is ready
 * as soon as the bytes are decoded (no index build), while voy needs seconds to build its
 * k-d tree; see docs/adr/0001-vector-search-flat-vs-voy.md for the numbers.
 */
import { createFlatVectorSearch } from './flat-vector-search.js';
import type { QuantizedVectors } from './int8-quantization.js';
import type { VoyWasmSource } from './voy-wasm.js';
import type { VectorSearch } from './vector-search.js';

export type VectorSearchKind = 'flat' | 'voy';

export const DEFAULT_VECTOR_SEARCH_KIND: VectorSearchKind = 'flat';

export interface VectorSearchOptions {
  /** Implementation. Default `flat`. */
  kind?: VectorSearchKind;
  /** voy only: the voy_search_bg.wasm bytes or its fetch Response (e.g. `fetch(wasmUrl)`). */
  voyWasm?: VoyWasmSource;
}

export async function createVectorSearch(vectors: QuantizedVectors, options: VectorSearchOptions = {}): Promise<VectorSearch> {
  const kind = options.kind ?? DEFAULT_VECTOR_SEARCH_KIND;
  if (kind === 'flat') return createFlatVectorSearch(vectors);
  if (!options.voyWasm) throw new Error("kind 'voy' needs voyWasm: the voy_search_bg.wasm bytes or fetch() of its URL");
  // Loaded on demand so bundles that use the default never include voy's glue code.
  const [{ createVoyVectorSearch }, { instantiateVoy }] = await Promise.all([import('./voy-vector-search.js'), import('./voy-wasm.js')]);
  return createVoyVectorSearch(await instantiateVoy(options.voyWasm), vectors);
}
