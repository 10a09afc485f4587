/**
 * Exact nearest-neighbour search: one pass over every int8 vector, dot product with the
 * query times the vector's scale (plus the query's dot with the shared offset of a centred
 * 4-bit index, once per search). 6,236 x 768 multiply-adds, no index to build.
 *
 * Fast path: the query is quantised to int8 too and the dot products run in a WebAssembly
 * SIMD kernel (int8-dot-wasm.ts) to shortlist k + 32 candidates, which are rescored with the
 * float query (the int8 query moves cosines by up to ~0.005, enough to swap near-ties).
 * Fallback (no SIMD, dims not a multiple of 16, or `simd: false`): a scalar JS loop with
 * the float query.
 */
import { createInt8DotKernel, type Int8DotKernel } from './int8-dot-wasm.js';
import { quantizeInto, type QuantizedVectors } from './int8-quantization.js';
import { TopK } from './top-k.js';
import type { VectorHit, VectorSearch } from './vector-search.js';

export function checkQuery(query: Float32Array, dims: number): void {
  if (query.length !== dims) {
    throw new RangeError(`query has ${query.length} dims but the index has ${dims}; embed the query with the index's embedder`);
  }
}

/** Cosine of `query` with vector `i` (both unit length, up to quantisation error). */
export function quantizedDot(vectors: QuantizedVectors, i: number, query: Float32Array): number {
  return codeDot(vectors, i, query) + offsetDot(vectors, query);
}

/** The query's dot product with the vectors' shared `offset` (0 for plain int8): the same for every row. */
export function offsetDot(vectors: QuantizedVectors, query: Float32Array): number {
  const { offset } = vectors;
  if (!offset) return 0;
  let s = 0;
  for (let j = 0; j < offset.length; j++) s += offset[j]! * query[j]!;
  return s;
}

/** Row `i`'s codes times its scale, dotted with the query (the part that differs between rows). */
function codeDot(vectors: QuantizedVectors, i: number, query: Float32Array): number {
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

/**
 * Extra candidates rescored with the float query. The int8 query moves a cosine by at most
 * ~0.005, so only verses within ~0.01 of the k-th score can change places; 32 covers them.
 */
const SHORTLIST_MARGIN = 32;

export interface FlatVectorSearchOptions {
  /** Use the WebAssembly SIMD kernel when the runtime supports it. Default true. */
  simd?: boolean;
}

export class FlatVectorSearch implements VectorSearch {
  readonly kind = 'flat';
  readonly dims: number;
  /** True when searches run in the WebAssembly SIMD kernel. */
  readonly simd: boolean;
  readonly #vectors: QuantizedVectors;
  readonly #kernel: Int8DotKernel | undefined;
  readonly #queryCodes: Int8Array;

  constructor(vectors: QuantizedVectors, options: FlatVectorSearchOptions = {}) {
    this.#vectors = vectors;
    this.dims = vectors.dims;
    this.#kernel = options.simd === false ? undefined : createInt8DotKernel(vectors.codes, vectors.count, vectors.dims);
    this.simd = this.#kernel !== undefined;
    this.#queryCodes = new Int8Array(vectors.dims);
  }

  search(query: Float32Array, k: number): VectorHit[] {
    checkQuery(query, this.dims);
    const { count, scales } = this.#vectors;
    const top = new TopK(Math.min(k, count));
    const shared = offsetDot(this.#vectors, query);
    if (this.#kernel) {
      // Shortlist with the int8 query, then rescore the shortlist with the float query so
      // reported scores (and their order) are exactly the scalar path's.
      const shortlist = new TopK(Math.min(count, k + SHORTLIST_MARGIN));
      const queryScale = quantizeInto(query, this.#queryCodes);
      const dots = this.#kernel.dots(this.#queryCodes);
      for (let i = 0; i < count; i++) shortlist.push(i, dots[i]! * scales[i]! * queryScale);
      for (const hit of shortlist.hits()) top.push(hit.index, codeDot(this.#vectors, hit.index, query) + shared);
    } else {
      for (let i = 0; i < count; i++) top.push(i, codeDot(this.#vectors, i, query) + shared);
    }
    return top.hits();
  }
}

export function createFlatVectorSearch(vectors: QuantizedVectors, options: FlatVectorSearchOptions = {}): VectorSearch {
  return new FlatVectorSearch(vectors, options);
}
