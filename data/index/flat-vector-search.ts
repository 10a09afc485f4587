/**
 * Exact nearest-neighbour search: one pass over every int8 vector, dot product with the
 * float query times the vector's scale. 6,236 x 768 multiply-adds, no index to build.
 */
import type { QuantizedVectors } from './int8-quantization.js';
import { TopK } from './top-k.js';
import type { VectorHit, VectorSearch } from './vector-search.js';

export function checkQuery(query: Float32Array, dims: number): void {
  if (query.length !== dims) {
    throw new RangeError(`query has ${query.length} dims but the index has ${dims}; embed the query with the index's embedder`);
  }
}

/** Cosine of `query` with vector `i` (both unit length, up to quantisation error). */
export function quantizedDot(vectors: QuantizedVectors, i: number, query: Float32Array): number {
  const { codes, dims } = vectors;
  const base = i * dims;
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  let j = 0;
  // Four accumulators let the JIT overlap the multiply-adds.
  for (; j + 3 < dims; j += 4) {
    a += codes[base + j]! * query[j]!;
    b += codes[base + j + 1]! * query[j + 1]!;
    c += codes[base + j + 2]! * query[j + 2]!;
    d += codes[base + j + 3]! * query[j + 3]!;
  }
  for (; j < dims; j++) a += codes[base + j]! * query[j]!;
  return (a + b + c + d) * vectors.scales[i]!;
}

export class FlatVectorSearch implements VectorSearch {
  readonly kind = 'flat';
  readonly dims: number;
  readonly #vectors: QuantizedVectors;

  constructor(vectors: QuantizedVectors) {
    this.#vectors = vectors;
    this.dims = vectors.dims;
  }

  search(query: Float32Array, k: number): VectorHit[] {
    checkQuery(query, this.dims);
    const top = new TopK(Math.min(k, this.#vectors.count));
    for (let i = 0; i < this.#vectors.count; i++) top.push(i, quantizedDot(this.#vectors, i, query));
    return top.hits();
  }
}

export function createFlatVectorSearch(vectors: QuantizedVectors): VectorSearch {
  return new FlatVectorSearch(vectors);
}
