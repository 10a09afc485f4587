/**
 * Default similarity floors per embedder, written into each index manifest (scores of
 * different models are not comparable, so floors travel with the index, not the code).
 * Results under `primary` are dropped; when nothing passes, `fallback` applies.
 *
 * - gemini: 0.6 / 0.4 is what the old system's docs variant used with Gemini embeddings;
 *   the old production system used a single 0.3 floor. Unit-normalised gemini-embedding-001
 *   query/document cosines for relevant verses typically sit in 0.6-0.8.
 * - openai-compatible: any model a server runs; permissive, so results are not silently lost.
 *   Builds pass per-model floors (data/embed/local-embedder-floors.ts) instead.
 * - local: E5-family cosines cluster high (0.7-0.9 even for weak matches). This is only a
 *   fallback: local indexes pass per-model floors from data/embed/local-embedder-floors.ts.
 * - test-hashing: only meaningful for tests (word overlap), never shipped.
 */
import type { VectorIndexManifest } from './index-manifest.js';

export type IndexFloors = VectorIndexManifest['floors'];

export const DEFAULT_INDEX_FLOORS: Readonly<Record<VectorIndexManifest['embedder'], IndexFloors>> = {
  gemini: { primary: 0.6, fallback: 0.4 },
  'openai-compatible': { primary: 0.3, fallback: 0.2 },
  local: { primary: 0.8, fallback: 0.75 },
  'test-hashing': { primary: 0.2, fallback: 0.1 },
};

/** The old system's single floor, kept for reference and comparisons in the eval. */
export const LEGACY_GEMINI_FLOOR = 0.3;
