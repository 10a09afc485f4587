import { describe, expect, it } from 'vitest';
import { RENDER_CASES, repeatTo } from './render-cases.js';

describe('when building the render bench answers', () => {
  it('should make eight answers one character past what the widget shows', () => {
    expect(RENDER_CASES.map((c) => [c.text.length, c.chunkChars])).toStrictEqual([
      [20_001, 1],
      [20_001, 1],
      [20_001, 1],
      [20_001, 4],
      [20_001, 8],
      [20_001, 4],
      [20_001, 8],
      [20_001, 4],
    ]);
    expect(RENDER_CASES[1]!.text.startsWith('In [2:153] Allah says, "O you who have believed')).toBe(true);
  });

  it('should repeat a unit to an exact length', () => {
    expect(repeatTo('abc', 7)).toBe('abcabca');
  });
});
