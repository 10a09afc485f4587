/**
 * One interface for nearest-neighbour search over verse vectors, so the exact flat scan and
 * voy-search are interchangeable behind the hybrid ranker.
 */
export interface VectorHit {
  /** Global verse index 0..6235. */
  readonly index: number;
  /** Cosine similarity with the query (vectors are unit length). */
  readonly score: number;
}

export interface VectorSearch {
  /** Implementation name for logs and benchmarks: `flat` or `voy`. */
  readonly kind: string;
  readonly dims: number;
  /** Top `k` verses by cosine similarity, best first. `query` must be unit length, `dims` long. */
  search(query: Float32Array, k: number): VectorHit[];
}
