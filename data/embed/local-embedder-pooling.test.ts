import { describe, expect, it } from 'vitest';
import { meanPoolNormalize } from './local-embedder-pooling.js';

describe('when pooling token vectors into sentence vectors', () => {
  it('should average only the masked-in tokens and scale to unit length', () => {
    // batch 2, 3 tokens, hidden 2; row 0 uses tokens 0-1, row 1 only token 0.
    const data = Float32Array.from([1, 2, 3, 6, 100, 100, 0, 4, 9, 9, 9, 9]);
    const [a, b] = meanPoolNormalize({ data, batch: 2, tokens: 3, hidden: 2 }, [1, 1, 0, 1n, 0n, 0n]);
    // Row 0: mean (2, 4) -> (1, 2)/sqrt(5). Row 1: (0, 4) -> (0, 1).
    expect(Array.from(a!)).toStrictEqual([Math.fround(2 / Math.sqrt(20)), Math.fround(4 / Math.sqrt(20))]);
    expect(Array.from(b!)).toStrictEqual([0, 1]);
  });

  it('should give zeros for a row without real tokens instead of NaN', () => {
    const [v] = meanPoolNormalize({ data: Float32Array.from([3, 4]), batch: 1, tokens: 1, hidden: 2 }, [0]);
    expect(Array.from(v!)).toStrictEqual([0, 0]);
  });

  it('should refuse shapes that do not match the data', () => {
    expect(() => meanPoolNormalize({ data: new Float32Array(5), batch: 1, tokens: 2, hidden: 2 }, [1, 1])).toThrow(
      'token states [1, 2, 2] do not match 5 values and a mask of 2',
    );
  });
});
