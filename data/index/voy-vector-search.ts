/**
 * `VectorSearch` over voy-search (a k-d tree in WebAssembly). voy only returns ids, so
 * scores are recomputed from the int8 vectors (the same numbers the flat scan reports).
 *
 * Dimensions: voy 0.6 stores every embedding as a fixed 768-float array: shorter vectors
 * are zero-padded and longer ones truncated. Zero padding leaves distances unchanged, so
 * 256-d works (at 768-d cost); more than 768 dims would silently lose information, so we
 * refuse it.
 *
 * voy ranks by Euclidean distance; for unit vectors |a-b|² = 2 - 2·cos, so the order is
 * the cosine order. We feed it the dequantised (int8) vectors, renormalised.
 */
import { dequantizeVector, type QuantizedVectors } from './int8-quantization.js';
import { checkQuery, quantizedDot } from './flat-vector-search.js';
import type { VoyModule } from './voy-wasm.js';
import type { VectorHit, VectorSearch } from './vector-search.js';

/** voy's compile-time embedding size. */
export const VOY_DIMS = 768;

type VoyIndex = InstanceType<VoyModule['Voy']>;

export class VoyVectorSearch implements VectorSearch {
  readonly kind = 'voy';
  readonly dims: number;
  readonly #vectors: QuantizedVectors;
  readonly #index: VoyIndex;

  constructor(voy: VoyModule, vectors: QuantizedVectors) {
    if (vectors.dims > VOY_DIMS) {
      throw new RangeError(`voy-search supports at most ${VOY_DIMS} dims (it truncates longer vectors); this index has ${vectors.dims}, use the flat search`);
    }
    this.dims = vectors.dims;
    this.#vectors = vectors;
    const embeddings = Array.from({ length: vectors.count }, (_, i) => {
      const v = dequantizeVector(vectors, i);
      let norm = 0;
      for (const x of v) norm += x * x;
      const inv = norm > 0 ? 1 / Math.sqrt(norm) : 0;
      return { id: String(i), title: '', url: '', embeddings: Array.from(v, (x) => x * inv) };
    });
    this.#index = new voy.Voy({ embeddings });
  }

  search(query: Float32Array, k: number): VectorHit[] {
    checkQuery(query, this.dims);
    const n = Math.min(Math.max(0, Math.floor(k)), this.#vectors.count);
    if (n === 0) return [];
    const { neighbors } = this.#index.search(query, n);
    return neighbors
      .map((nb) => Number(nb.id))
      .map((index) => ({ index, score: quantizedDot(this.#vectors, index, query) }))
      .sort((a, b) => b.score - a.score || a.index - b.index);
  }

  /** Frees the WebAssembly memory held by the k-d tree. */
  free(): void {
    this.#index.free();
  }
}

export function createVoyVectorSearch(voy: VoyModule, vectors: QuantizedVectors): VectorSearch {
  return new VoyVectorSearch(voy, vectors);
}
