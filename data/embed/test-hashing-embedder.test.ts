import { describe, expect, it } from 'vitest';
import { TestHashingEmbedder, testHashingVector } from './test-hashing-embedder.js';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, v, i) => s + v * (b[i] ?? 0), 0);

describe('when hashing a text into a vector', () => {
  it('should return a unit vector with the requested dims', () => {
    const v = testHashingVector('In the name of Allah, the Merciful', 256);
    expect(v.length).toBe(256);
    expect(dot(v, v)).toBeCloseTo(1, 5);
  });

  it('should be deterministic', () => {
    expect(Array.from(testHashingVector('patience and prayer', 64))).toEqual(Array.from(testHashingVector('patience and prayer', 64)));
  });

  it('should score texts that share words above unrelated texts', () => {
    const q = testHashingVector('seek help through patience and prayer', 768);
    const related = testHashingVector('And seek help through patience and prayer; indeed it is difficult', 768);
    const unrelated = testHashingVector('the camels when they are neglected', 768);
    expect(dot(q, related)).toBeGreaterThan(0.5);
    expect(Math.abs(dot(q, unrelated))).toBeLessThan(0.2);
  });

  it('should give a fixed unit vector for text without words', () => {
    const v = testHashingVector('...', 8);
    expect(Array.from(v)).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('should reject a non-positive dimension', () => {
    expect(() => testHashingVector('x', 0)).toThrow(/dims must be a positive integer/);
  });
});

describe('when used as an Embedder', () => {
  it('should be labelled test-hashing and embed in order', async () => {
    const e = new TestHashingEmbedder({ dims: 32 });
    expect(e.id).toBe('test-hashing-32');
    const [a, b] = await e.embed(['alpha', 'beta'], 'document');
    expect(Array.from(a!)).toEqual(Array.from(testHashingVector('alpha', 32)));
    expect(Array.from(b!)).toEqual(Array.from(testHashingVector('beta', 32)));
  });
});
