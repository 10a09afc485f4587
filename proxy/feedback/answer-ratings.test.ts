import { describe, expect, it } from 'vitest';
import { createAnswerRatings } from './answer-ratings.js';

describe('when one answer is rated again and again', () => {
  it('should count its first ratings of the window and refuse the rest', () => {
    let t = 0;
    const ratings = createAnswerRatings({ perAnswer: 3, windowMs: 1000, now: () => t });
    expect([1, 2, 3, 4, 5].map(() => ratings.admit('sig-a'))).toEqual([true, true, true, false, false]);
    expect(ratings.admit('sig-b')).toBe(true);
    t = 1000;
    expect(ratings.admit('sig-a')).toBe(true);
  });
  it('should forget the oldest answers when the table is full', () => {
    const ratings = createAnswerRatings({ perAnswer: 1, maxAnswers: 2 });
    expect([ratings.admit('a'), ratings.admit('b'), ratings.admit('c')]).toEqual([true, true, true]);
    // "a" was forgotten, so it is counted afresh; "c" is still remembered.
    expect([ratings.admit('a'), ratings.admit('c')]).toEqual([true, false]);
  });
});
