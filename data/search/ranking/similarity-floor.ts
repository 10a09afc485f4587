/**
 * Per-embedder cosine floors (from the index manifest; scores of different models are not
 * comparable): drop vector hits under `primary`; when nothing passes, accept down to `fallback`
 * rather than answer with nothing.
 */
import type { VectorHit } from '../../index/vector-search.js';
import type { VectorIndexManifest } from '../../index/index-manifest.js';

export type SimilarityFloors = VectorIndexManifest['floors'];

/** Hits at or above the primary floor; when none are, those at or above the fallback floor. Order is kept. */
export function passFloors(hits: readonly VectorHit[], floors: SimilarityFloors): VectorHit[] {
  if (!(floors.fallback <= floors.primary)) {
    throw new RangeError(`the fallback floor (${floors.fallback}) must not be above the primary floor (${floors.primary}); fix the index manifest`);
  }
  const primary = hits.filter((h) => h.score >= floors.primary);
  return primary.length > 0 ? primary : hits.filter((h) => h.score >= floors.fallback);
}
