/**
 * A staged index on the page (ADR 0032): it searches with the verses' signs, a quarter of the
 * bytes, from the moment they arrive, and with the exact 4-bit codes once the magnitudes follow.
 * A visitor on a slow link gets meaning search seconds earlier; the ranking they then see is the
 * full index's.
 */
import type { VectorHit, VectorSearch } from '../../data/index/vector-search.js';
import { DeferredVectorSearch } from './deferred-vector-search.js';

export class RefiningVectorSearch implements VectorSearch {
  readonly dims: number;
  /** Resolves true once the exact vectors search, false when they could not be loaded (the signs keep searching). */
  readonly refined: Promise<boolean>;
  #inner: VectorSearch;

  constructor(coarse: VectorSearch, refining: Promise<VectorSearch | null>) {
    this.dims = coarse.dims;
    this.#inner = coarse;
    this.refined = refining.then(
      (exact) => {
        if (exact) this.#inner = exact;
        return exact !== null;
      },
      () => false,
    );
  }

  get kind(): string {
    return this.#inner.kind;
  }

  search(query: Float32Array, k: number): VectorHit[] {
    return this.#inner.search(query, k);
  }
}

/**
 * Resolves true when `vectorSearch` is (or becomes, after its download) a staged index whose
 * exact vectors have arrived; false when there is nothing to refine or the refinement failed.
 */
export async function vectorSearchRefined(vectorSearch: VectorSearch | null): Promise<boolean> {
  let search = vectorSearch;
  if (search instanceof DeferredVectorSearch) search = (await search.ready) ? search.inner : null;
  return search instanceof RefiningVectorSearch ? search.refined : false;
}
