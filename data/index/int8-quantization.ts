/**
 * int8 quantisation with one float32 scale per vector: code = round(v / scale) with
 * scale = max|v| / 127. Each component is off by at most scale / 2, so for a unit vector
 * the cosine with any unit query is off by at most sqrt(dims) * scale / 2 (Cauchy-Schwarz),
 * and in practice far less because the rounding errors are uncorrelated.
 * A 768-d index is 6,236 x (768 + 4) bytes ≈ 4.8 MB instead of 19 MB of float32.
 */

/** `count` vectors of `dims` int8 codes, row-major, each with its own scale. */
export interface QuantizedVectors {
  readonly dims: number;
  readonly count: number;
  /** `count * dims` codes in -127..127. */
  readonly codes: Int8Array;
  /** One scale per vector: value ≈ code * scale (+ `offset`). */
  readonly scales: Float32Array;
  /**
   * The vector every row is relative to (centred 4-bit, int4-quantization.ts): value ≈ offset +
   * code * scale. Absent for plain int8.
   */
  readonly offset?: Float32Array;
}

/** Quantise one vector into `out` (length `v.length`), codes in -maxCode..maxCode; returns its scale. */
export function quantizeInto(v: ArrayLike<number>, out: Int8Array, maxCode = 127): number {
  let maxAbs = 0;
  for (let i = 0; i < v.length; i++) maxAbs = Math.max(maxAbs, Math.abs(v[i]!));
  if (!Number.isFinite(maxAbs)) throw new RangeError('cannot quantise a vector with NaN or Infinity');
  if (maxAbs === 0) {
    out.fill(0);
    return 0;
  }
  // Round the scale to float32 first so quantise and dequantise use the very same number.
  const scale = Math.fround(maxAbs / maxCode);
  for (let i = 0; i < v.length; i++) out[i] = Math.max(-maxCode, Math.min(maxCode, Math.round(v[i]! / scale)));
  return scale;
}

/** Quantise `vectors` (each `dims` long) into one row-major block. */
export function quantizeVectors(vectors: readonly ArrayLike<number>[], dims: number): QuantizedVectors {
  const count = vectors.length;
  const codes = new Int8Array(count * dims);
  const scales = new Float32Array(count);
  vectors.forEach((v, i) => {
    if (v.length !== dims) throw new RangeError(`vector ${i} has ${v.length} dims, expected ${dims}`);
    scales[i] = quantizeInto(v, codes.subarray(i * dims, (i + 1) * dims));
  });
  return { dims, count, codes, scales };
}

/** The float32 approximation of vector `i`. */
export function dequantizeVector(q: QuantizedVectors, i: number): Float32Array {
  if (i < 0 || i >= q.count) throw new RangeError(`vector ${i} out of range 0..${q.count - 1}`);
  const out = new Float32Array(q.dims);
  const scale = q.scales[i]!;
  const base = i * q.dims;
  for (let j = 0; j < q.dims; j++) out[j] = q.codes[base + j]! * scale + (q.offset?.[j] ?? 0);
  return out;
}

/** Largest possible per-component error for vector `i` (half a quantisation step). */
export function componentErrorBound(q: QuantizedVectors, i: number): number {
  return q.scales[i]! / 2;
}

/** Largest possible |cosine error| of vector `i` against any unit query. */
export function cosineErrorBound(q: QuantizedVectors, i: number): number {
  return Math.sqrt(q.dims) * componentErrorBound(q, i);
}
