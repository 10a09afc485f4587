/**
 * Centred 4-bit quantisation, the shipped verse index's format: half the bytes of int8 for a
 * visitor on a slow link, with search quality inside the noise of every set we measure
 * (EVAL.md "Smaller vectors"). Embeddings of one model share a large common direction (e5
 * cosines sit in 0.7-0.9 for any pair), so the corpus mean is stored once and each vector keeps
 * only its difference from it, in 15 levels (-7..7) with one float32 scale per vector:
 * value ≈ mean + code * scale. Without the centring, 4 bits spend their range on the shared part.
 *
 * The codes are held as int8 in memory, so the flat scan and its SIMD kernel run unchanged; the
 * search adds the query's dot product with the mean (`offset`) to every score.
 */
import { quantizeInto, type QuantizedVectors } from './int8-quantization.js';

/** Largest |code| of a 4-bit vector. */
export const INT4_MAX_CODE = 7;

/** Quantise `vectors` (unit length, each `dims` long) to centred 4-bit codes. */
export function quantizeVectorsInt4Centered(vectors: readonly ArrayLike<number>[], dims: number): QuantizedVectors {
  const count = vectors.length;
  if (count === 0) throw new RangeError('cannot quantise an empty set of vectors');
  const sum = new Float64Array(dims);
  vectors.forEach((v, i) => {
    if (v.length !== dims) throw new RangeError(`vector ${i} has ${v.length} dims, expected ${dims}`);
    for (let j = 0; j < dims; j++) sum[j]! += v[j]!;
  });
  // Rounded to float32 first, so building and reading subtract and add the very same numbers.
  const offset = Float32Array.from(sum, (s) => s / count);
  const codes = new Int8Array(count * dims);
  const scales = new Float32Array(count);
  const centred = new Float32Array(dims);
  vectors.forEach((v, i) => {
    for (let j = 0; j < dims; j++) centred[j] = v[j]! - offset[j]!;
    scales[i] = quantizeInto(centred, codes.subarray(i * dims, (i + 1) * dims), INT4_MAX_CODE);
  });
  return { dims, count, codes, scales, offset };
}

/** Two codes per byte, the even index in the low nibble (two's complement, -8..7). */
export function packInt4(codes: Int8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(codes.length / 2));
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i]!;
    if (c < -8 || c > 7) throw new RangeError(`code ${c} at ${i} does not fit in 4 bits`);
    out[i >> 1]! |= (c & 0xf) << ((i & 1) * 4);
  }
  return out;
}

/** The `length` int8 codes packed by `packInt4`. */
export function unpackInt4(packed: Uint8Array, length: number): Int8Array {
  if (packed.length !== Math.ceil(length / 2)) throw new RangeError(`${packed.length} bytes cannot hold exactly ${length} 4-bit codes`);
  const out = new Int8Array(length);
  for (let i = 0; i < length; i++) {
    const nibble = (packed[i >> 1]! >> ((i & 1) * 4)) & 0xf;
    out[i] = nibble >= 8 ? nibble - 16 : nibble;
  }
  return out;
}
