/**
 * A vector index that is still downloading. The corpus (~0.6 MB gzip) is enough for keyword
 * search, while a 768-d index is ~4.7 MB: on a slow phone link that is tens of seconds. So on
 * a first visit `loadQuranData` resolves as soon as the corpus is ready and hands out this
 * stand-in: it answers no vector hits (hybrid search then ranks by keywords alone) until the
 * real index is verified and stored, then it delegates to it. On later visits the index comes
 * from IndexedDB and no stand-in is used.
 */
import type { VectorHit, VectorSearch } from '../../data/index/vector-search.js';

export class DeferredVectorSearch implements VectorSearch {
  readonly dims: number;
  /** Resolves true once the real index is searchable, false if it could not be loaded. */
  readonly ready: Promise<boolean>;
  #inner: VectorSearch | null = null;

  constructor(dims: number, loading: Promise<VectorSearch | null>) {
    this.dims = dims;
    this.ready = loading.then(
      (inner) => {
        this.#inner = inner;
        return inner !== null;
      },
      () => false,
    );
  }

  get kind(): string {
    return this.#inner ? this.#inner.kind : 'loading';
  }

  /** The index it stands in for, once loaded. */
  get inner(): VectorSearch | null {
    return this.#inner;
  }

  search(query: Float32Array, k: number): VectorHit[] {
    return this.#inner ? this.#inner.search(query, k) : [];
  }
}

/**
 * Resolves when `vectorSearch` can answer: at once for a loaded index, when the download
 * finishes for a deferred one (true), or false when there is none or it failed.
 */
export function vectorSearchReady(vectorSearch: VectorSearch | null): Promise<boolean> {
  if (!vectorSearch) return Promise.resolve(false);
  return vectorSearch instanceof DeferredVectorSearch ? vectorSearch.ready : Promise.resolve(true);
}
