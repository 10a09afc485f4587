import { describe, expect, it } from 'vitest';
import { testHashingVector } from '../embed/test-hashing-embedder.js';
import { componentErrorBound, cosineErrorBound, dequantizeVector, quantizeVectors } from './int8-quantization.js';

const dot = (a: ArrayLike<number>, b: ArrayLike<number>) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i]! * b[i]!;
  return s;
};
const texts = Array.from({ length: 300 }, (_, i) => `verse ${i} mercy ${i % 17} patience ${i % 5} prayer`);

describe('when quantising unit vectors to int8 with a per-vector scale', () => {
  const dims = 768;
  const vectors = texts.map((t) => testHashingVector(t, dims));
  const q = quantizeVectors(vectors, dims);

  it('should store count x dims codes within -127..127 and one scale per vector', () => {
    expect(q.codes.length).toBe(300 * 768);
    expect(q.scales.length).toBe(300);
    expect(q.codes.reduce((m, c) => Math.max(m, c), -128)).toBeLessThanOrEqual(127);
    expect(q.codes.reduce((m, c) => Math.min(m, c), 127)).toBeGreaterThanOrEqual(-127);
    // The largest component always maps to ±127.
    const first = Array.from(q.codes.subarray(0, dims), Math.abs);
    expect(Math.max(...first)).toBe(127);
  });

  it('should keep every component within half a quantisation step', () => {
    let worst = 0;
    vectors.forEach((v, i) => {
      const back = dequantizeVector(q, i);
      const bound = componentErrorBound(q, i);
      for (let j = 0; j < dims; j++) worst = Math.max(worst, Math.abs(v[j]! - back[j]!) / bound);
    });
    expect(worst).toBeLessThanOrEqual(1 + 1e-5);
    expect(worst).toBeGreaterThan(0.5);
  });

  it('should keep cosine with any unit query within the Cauchy-Schwarz bound, and far inside it in practice', () => {
    const queries = ['mercy patience', 'prayer 3', 'verse 42'].map((t) => testHashingVector(t, dims));
    let worstRatio = 0;
    let worstAbs = 0;
    for (const query of queries) {
      vectors.forEach((v, i) => {
        const err = Math.abs(dot(query, v) - dot(query, dequantizeVector(q, i)));
        worstRatio = Math.max(worstRatio, err / cosineErrorBound(q, i));
        worstAbs = Math.max(worstAbs, err);
      });
    }
    expect(worstRatio).toBeLessThanOrEqual(1);
    // Rounding errors are uncorrelated: the real error is ~100x under the worst case.
    expect(worstAbs).toBeLessThan(0.01);
  });
});

describe('when a vector is degenerate or the wrong length', () => {
  it('should quantise a zero vector to zero codes and scale 0', () => {
    const q = quantizeVectors([new Float32Array(4)], 4);
    expect(Array.from(q.codes)).toEqual([0, 0, 0, 0]);
    expect(q.scales[0]).toBe(0);
  });

  it('should refuse a vector of the wrong length and NaN values', () => {
    expect(() => quantizeVectors([new Float32Array(3)], 4)).toThrow('vector 0 has 3 dims, expected 4');
    expect(() => quantizeVectors([Float32Array.of(1, NaN)], 2)).toThrow(/NaN/);
  });

  it('should quantise a hand-made vector exactly', () => {
    const q = quantizeVectors([[0.5, -0.25, 0.1, 0]], 4);
    expect(Array.from(q.codes)).toEqual([127, -64, 25, 0]);
    expect(q.scales[0]).toBeCloseTo(0.5 / 127, 9);
  });
});
