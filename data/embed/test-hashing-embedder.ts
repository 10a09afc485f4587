/**
 * A deterministic hashing embedder FOR TESTS AND TIMING ONLY. Each word and word bigram is
 * hashed to a dense pseudo-random ±1 direction and the directions are summed (a random
 * projection of the bag of words), so texts that share words get similar vectors, but it
 * knows nothing about meaning. It is never a default and an index built
 * with it is labelled `test-hashing` in its manifest so nobody ships it as semantic search.
 *
 * The fake Gemini server returns these vectors too, so an index built through the fake and
 * queries embedded through the fake agree.
 */
import type { EmbedTask, Embedder } from './embedder.js';

export const TEST_HASHING_MODEL = 'test-hashing-v1';

/** 32-bit FNV-1a over UTF-16 code units: tiny, deterministic, identical in every runtime. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Lowercased letter/number runs in any script. */
function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Adds `weight` times the feature's dense pseudo-random ±1 vector (xorshift32 seeded by the
 * feature hash). Dense, like real model outputs: a sparse one-bucket-per-word vector would
 * crash voy's k-d tree (too many equal values on one axis) and would not time like real data.
 */
function addFeature(vector: Float32Array, feature: string, weight: number): void {
  let state = fnv1a(feature) || 0x9e3779b9;
  let bits = 0;
  for (let j = 0; j < vector.length; j++) {
    if ((j & 31) === 0) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bits = state >>> 0;
    }
    vector[j] = vector[j]! + ((bits >>> (j & 31)) & 1 ? weight : -weight);
  }
}

/** The unit-length test-hashing vector of `text` with `dims` numbers. */
export function testHashingVector(text: string, dims: number): Float32Array {
  if (!Number.isInteger(dims) || dims < 1) throw new RangeError(`dims must be a positive integer, got ${dims}`);
  const vector = new Float32Array(dims);
  const tokens = words(text);
  for (const [i, w] of tokens.entries()) {
    addFeature(vector, `w:${w}`, 1);
    const next = tokens[i + 1];
    if (next !== undefined) addFeature(vector, `b:${w} ${next}`, 0.5);
  }
  let norm = 0;
  for (const v of vector) norm += v * v;
  if (norm === 0) {
    // Empty or symbol-only text: a fixed unit vector rather than a zero vector (cosine undefined).
    vector[0] = 1;
    return vector;
  }
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < dims; i++) vector[i] = (vector[i] ?? 0) * inv;
  return vector;
}

export interface TestHashingEmbedderOptions {
  /** Output dimension. Default 768. */
  dims?: number;
}

/** `Embedder` over `testHashingVector`; `task` is ignored (queries and documents share one space). */
export class TestHashingEmbedder implements Embedder {
  readonly model = TEST_HASHING_MODEL;
  readonly dims: number;
  readonly id: string;

  constructor(options: TestHashingEmbedderOptions = {}) {
    this.dims = options.dims ?? 768;
    this.id = `test-hashing-${this.dims}`;
  }

  async embed(texts: readonly string[], _task: EmbedTask, signal?: AbortSignal): Promise<Float32Array[]> {
    signal?.throwIfAborted();
    return texts.map((t) => testHashingVector(t, this.dims));
  }
}
