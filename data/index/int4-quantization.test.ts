import { describe, expect, it } from 'vitest';
import { testHashingVector } from '../embed/test-hashing-embedder.js';
import { packInt4, quantizeVectorsInt4Centered, unpackInt4 } from './int4-quantization.js';
import { dequantizeVector, quantizeVectors } from './int8-quantization.js';

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};

/** Unit vectors that share a large common part, as one model's embeddings do (e5 cosines sit in 0.7-0.9). */
function sharedDirectionVectors(count: number, dims: number): Float32Array[] {
  const common = testHashingVector('the shared direction of every embedding', dims);
  return Array.from({ length: count }, (_, i) => {
    const own = testHashingVector(`verse ${i} mercy ${i % 17} patience ${i % 5}`, dims);
    const v = Float32Array.from(common, (c, j) => 0.9 * c + 0.45 * own[j]!);
    const n = Math.hypot(...v);
    return v.map((x) => x / n);
  });
}

describe('when packing 4-bit codes two to a byte', () => {
  it('should round-trip every value from -8 to 7, the even index in the low nibble', () => {
    const codes = Int8Array.from([-8, -7, -1, 0, 1, 7, 3]);
    const packed = packInt4(codes);
    expect(packed.length).toBe(4);
    expect(packed[0]).toBe(0x98); // -8 → 0x8 low, -7 → 0x9 high
    expect(Array.from(unpackInt4(packed, 7))).toEqual([-8, -7, -1, 0, 1, 7, 3]);
  });

  it('should refuse a code that does not fit and a length the bytes cannot hold', () => {
    expect(() => packInt4(Int8Array.from([8]))).toThrow('code 8 at 0 does not fit in 4 bits');
    expect(() => unpackInt4(new Uint8Array(2), 5)).toThrow('2 bytes cannot hold exactly 5 4-bit codes');
  });
});

describe('when quantising vectors that share a common direction to centred 4-bit codes', () => {
  const dims = 128;
  const vectors = sharedDirectionVectors(200, dims);
  const q = quantizeVectorsInt4Centered(vectors, dims);

  it('should keep the mean as the offset and codes within -7..7', () => {
    expect(q.offset!.length).toBe(dims);
    for (const j of [0, 17, 127]) expect(q.offset![j]).toBeCloseTo(vectors.reduce((s, v) => s + v[j]!, 0) / 200, 6);
    expect(Math.max(...Array.from(q.codes, Math.abs))).toBe(7);
  });

  it('should rebuild each vector as offset + code * scale, within half a step of the centred value', () => {
    let worst = 0;
    vectors.forEach((v, i) => {
      const back = dequantizeVector(q, i);
      for (let j = 0; j < dims; j++) worst = Math.max(worst, Math.abs(v[j]! - back[j]!) / (q.scales[i]! / 2));
    });
    expect(worst).toBeGreaterThan(0.5);
    expect(worst).toBeLessThanOrEqual(1 + 1e-4);
  });

  it('should move cosines less than 4-bit codes without the centring', () => {
    const plain4 = (() => {
      const codes = new Int8Array(200 * dims);
      const scales = new Float32Array(200);
      vectors.forEach((v, i) => {
        const m = Math.max(...Array.from(v, Math.abs)) / 7;
        scales[i] = m;
        for (let j = 0; j < dims; j++) codes[i * dims + j] = Math.round(v[j]! / m);
      });
      return { dims, count: 200, codes, scales };
    })();
    const query = testHashingVector('mercy 3 patience 2', dims);
    let centred = 0;
    let plain = 0;
    vectors.forEach((v, i) => {
      centred += Math.abs(dot(query, v) - dot(query, dequantizeVector(q, i)));
      plain += Math.abs(dot(query, v) - dot(query, dequantizeVector(plain4, i)));
    });
    expect(centred).toBeLessThan(plain / 2);
    // And int8 stays the finer of the two (the shipped index trades this for half the bytes).
    const int8 = quantizeVectors(vectors, dims);
    expect(vectors.reduce((s, v, i) => s + Math.abs(dot(query, v) - dot(query, dequantizeVector(int8, i))), 0)).toBeLessThan(centred);
  });

  it('should refuse vectors of the wrong length and an empty set', () => {
    expect(() => quantizeVectorsInt4Centered([new Float32Array(3)], 4)).toThrow('vector 0 has 3 dims, expected 4');
    expect(() => quantizeVectorsInt4Centered([], 4)).toThrow('empty set');
  });
});
