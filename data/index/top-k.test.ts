import { describe, expect, it } from 'vitest';
import { TopK } from './top-k.js';

describe('when collecting the best k scores', () => {
  it('should keep the k best, best first, earlier index first on ties', () => {
    const top = new TopK(3);
    [
      [0, 0.1],
      [1, 0.9],
      [2, 0.5],
      [3, 0.9],
      [4, 0.2],
      [5, 0.7],
    ].forEach(([i, s]) => top.push(i!, s!));
    expect(top.hits()).toEqual([
      { index: 1, score: 0.9 },
      { index: 3, score: 0.9 },
      { index: 5, score: 0.7 },
    ]);
  });

  it('should return fewer hits when fewer items were pushed, and none for k = 0', () => {
    const top = new TopK(5);
    top.push(7, -0.2);
    expect(top.hits()).toEqual([{ index: 7, score: -0.2 }]);
    const none = new TopK(0);
    none.push(1, 1);
    expect(none.hits()).toEqual([]);
  });

  it('should put the lower index first on ties whatever order the items arrive in', () => {
    const top = new TopK(2);
    [
      [9, 0.5],
      [4, 0.5],
      [7, 0.5],
      [1, 0.2],
    ].forEach(([i, s]) => top.push(i!, s!));
    expect(top.hits()).toEqual([
      { index: 4, score: 0.5 },
      { index: 7, score: 0.5 },
    ]);
  });
});
