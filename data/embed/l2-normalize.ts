/** Embedding vectors are compared by dot product, which is cosine only for unit vectors. */

/** Scale `values` to unit length; fails on a zero vector, which no real embedding is. */
export function l2Normalize(values: readonly number[] | Float32Array): Float32Array {
  const out = Float32Array.from(values);
  let norm = 0;
  for (const v of out) norm += v * v;
  if (!(norm > 0) || !Number.isFinite(norm)) throw new RangeError('cannot normalise a zero or non-finite vector');
  const inv = 1 / Math.sqrt(norm);
  for (let i = 0; i < out.length; i++) out[i] = out[i]! * inv;
  return out;
}
