import { describe, expect, it } from 'vitest';
import { cosine, everyNth, overlapAt, spread } from './e5-onnx-parity.js';

describe('when parity numbers are summarised', () => {
  it('should give the cosine of two vectors whatever their lengths', () => {
    expect(cosine([1, 0], [2, 0])).toBeCloseTo(1, 12);
    expect(cosine([1, 0], [0, 3])).toBeCloseTo(0, 12);
    expect(cosine([1, 1], [1, 0])).toBeCloseTo(Math.SQRT1_2, 12);
  });

  it('should give the minimum, median and mean', () => {
    expect(spread([3, 1, 2])).toStrictEqual({ count: 3, min: 1, median: 2, mean: 2 });
    expect(spread([4, 1, 2, 3]).median).toBe(2.5);
    expect(() => spread([])).toThrow('no values');
  });

  it('should count the share of the expected top list that the other list holds', () => {
    expect(overlapAt([1, 2, 3, 4], [4, 3, 2, 1])).toBe(1);
    expect(overlapAt([1, 2, 9, 8], [1, 2, 3, 4])).toBe(0.5);
  });

  it('should sample every n-th verse from the first', () => {
    expect(everyNth(10, 4)).toStrictEqual([0, 4, 8]);
    expect(everyNth(6236, 97)).toHaveLength(65);
  });
});
