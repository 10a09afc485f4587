/**
 * A deterministic hashing embedder FOR TESTS AND TIMING ONLY. It hashes words and word
 * bigrams into signed buckets (the "hashing trick"), so texts that share words get similar
 * vectors, but it knows nothing about meaning. It is never a default and an index built
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

function addFeature(vector: Float32Array, feature: string, weight: number): void {
  const h = fnv1a(feature);
  const bucket = h % vector.length;
  // A second hash picks the sign so collisions cancel out instead of piling up.
  const sign = fnv1a(feature, 0x9747b28c) & 1 ? 1 : -1;
  vector[bucket] = (vector[bucket] ?? 0) + sign * weight;
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
