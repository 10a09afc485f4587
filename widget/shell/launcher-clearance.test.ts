import { describe, expect, it } from 'vitest';
import { boxesOverlap } from './launcher-clearance.js';

const launcher = { left: 1100, right: 1260, top: 830, bottom: 880 };

describe('when deciding whether the launcher covers an inline widget', () => {
  it('should count any shared area as covering', () => {
    expect(boxesOverlap(launcher, { left: 80, right: 1120, top: 200, bottom: 2000 })).toBe(true);
    expect(boxesOverlap(launcher, { left: 1150, right: 1200, top: 850, bottom: 860 })).toBe(true);
  });
  it('should not count a widget beside it, above it, or only touching its edge', () => {
    expect(boxesOverlap(launcher, { left: 80, right: 760, top: 200, bottom: 2000 })).toBe(false);
    expect(boxesOverlap(launcher, { left: 80, right: 1280, top: -900, bottom: 830 })).toBe(false);
    expect(boxesOverlap(launcher, { left: 1260, right: 1280, top: 0, bottom: 900 })).toBe(false);
  });
});
