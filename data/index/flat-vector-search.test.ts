import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { testHashingVector } from '../embed/test-hashing-embedder.js';
import { quantizeVectorsInt4Centered } from './int4-quantization.js';
import { dequantizeVector, quantizeVectors, type QuantizedVectors } from './int8-quantization.js';
import { createFlatVectorSearch } from './flat-vector-search.js';

const DIMS = 256;
let floats: Float32Array[];
let q: QuantizedVectors;
let queries: Float32Array[];

beforeAll(async () => {
  const corpus = await loadTestCorpus();
  const texts = corpus.trackTexts('en');
  floats = texts.map((t) => testHashingVector(t, DIMS));
  q = quantizeVectors(floats, DIMS);
  // Queries: fragments of verses spread over the mushaf plus free questions.
  queries = [
    ...[7, 300, 1500, 2900, 4100, 5200, 6000, 6230].map((i) => texts[i]!.split(' ').slice(0, 8).join(' ')),
    'seek help through patience and prayer',
    'who is the Lord of the worlds',
    'charity to orphans and the needy',
    'the day of judgement',
  ].map((t) => testHashingVector(t, DIMS));
});

function exactTop(query: Float32Array, k: number): number[] {
  const scored = floats.map((v, index) => ({ index, score: v.reduce((s, x, j) => s + x * query[j]!, 0) }));
  return scored
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((h) => h.index);
}

describe('when the flat scan searches all 6,236 verses', () => {
  it('should agree with exact float32 search on the top 20', () => {
    const overlaps = queries.map((query) => {
      const flat = new Set(
        createFlatVectorSearch(q)
          .search(query, 20)
          .map((h) => h.index),
      );
      return exactTop(query, 20).filter((i) => flat.has(i)).length / 20;
    });
    const mean = overlaps.reduce((a, b) => a + b, 0) / overlaps.length;
    expect(mean).toBeGreaterThanOrEqual(0.95);
    expect(Math.min(...overlaps)).toBeGreaterThanOrEqual(0.85);
  });

  it('should rank the verse a query was cut from first, with a cosine score', () => {
    const search = createFlatVectorSearch(q);
    const hits = search.search(floats[1500]!, 5);
    expect(hits).toHaveLength(5);
    expect(hits[0]!.index).toBe(1500);
    expect(hits[0]!.score).toBeCloseTo(1, 2);
    expect(hits[1]!.score).toBeLessThan(hits[0]!.score);
  });

  it('should refuse a query with the wrong dimension', () => {
    expect(() => createFlatVectorSearch(q).search(new Float32Array(768), 20)).toThrow(
      "query has 768 dims but the index has 256; embed the query with the index's embedder",
    );
  });
});

describe('when the SIMD kernel and the scalar loop search the same index', () => {
  it('should use SIMD by default and agree with the scalar path on the top 20', () => {
    const simd = createFlatVectorSearch(q);
    const scalar = createFlatVectorSearch(q, { simd: false });
    expect((simd as { simd?: boolean }).simd).toBe(true);
    expect((scalar as { simd?: boolean }).simd).toBe(false);
    for (const query of queries) {
      const a = simd.search(query, 20);
      const b = scalar.search(query, 20);
      const ids = new Set(b.map((h) => h.index));
      expect(a.filter((h) => ids.has(h.index)).length).toBeGreaterThanOrEqual(19);
      // The shortlist is rescored with the float query: identical scores for the same verse.
      const scalarScore = new Map(b.map((h) => [h.index, h.score]));
      for (const h of a) if (scalarScore.has(h.index)) expect(h.score).toBe(scalarScore.get(h.index));
    }
  });
});

describe('when the index is centred 4-bit codes', () => {
  it('should score each verse as the query dotted with offset + code * scale, in the SIMD and the scalar scan alike', () => {
    const q4 = quantizeVectorsInt4Centered(floats, DIMS);
    for (const query of queries.slice(0, 4)) {
      const simd = createFlatVectorSearch(q4).search(query, 10);
      const scalar = createFlatVectorSearch(q4, { simd: false }).search(query, 10);
      expect(simd.map((h) => h.index)).toEqual(scalar.map((h) => h.index));
      for (const hit of simd) {
        const v = dequantizeVector(q4, hit.index);
        expect(hit.score).toBeCloseTo(
          v.reduce((s, x, j) => s + x * query[j]!, 0),
          5,
        );
      }
    }
  });
});
