import { describe, expect, it } from 'vitest';
import { GROWTH, MIN_STEP, shouldRecheck } from './answer-pacing.js';

describe('when an answer streams in', () => {
  it('should check the first text, then only after it grew by a quarter and at least MIN_STEP characters', () => {
    expect(shouldRecheck(undefined, 1, true)).toBe(true);
    expect(shouldRecheck(1, 1 + MIN_STEP - 1, true)).toBe(false);
    expect(shouldRecheck(1, 1 + MIN_STEP, true)).toBe(true);
    expect(shouldRecheck(4000, 4000 + 4000 * GROWTH - 1, true)).toBe(false);
    expect(shouldRecheck(4000, 4000 + 4000 * GROWTH, true)).toBe(true);
  });

  it('should always check a finished answer whole, once', () => {
    expect(shouldRecheck(4000, 4001, false)).toBe(true);
    expect(shouldRecheck(4001, 4001, false)).toBe(false);
  });

  it('should keep the total checked length linear in the answer for 1-character deltas', () => {
    let checked: number | undefined;
    let total = 0;
    for (let length = 1; length <= 20_001; length++) {
      if (shouldRecheck(checked, length, length < 20_001)) {
        total += length;
        checked = length;
      }
    }
    expect(checked).toBe(20_001);
    // Geometric growth: the sum of the passes is bounded by a small multiple of the length.
    expect(total).toBeLessThan(20_001 * 6);
  });
});
