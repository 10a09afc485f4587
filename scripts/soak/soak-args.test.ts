import { describe, expect, it } from 'vitest';
import { parseSoakArgs, seededRandom } from './soak-args.js';

describe('when reading the soak flags', () => {
  it('should default to 10 minutes with a 2-minute warm-up, and take both flag spellings', () => {
    expect(parseSoakArgs([])).toStrictEqual({ minutes: 10, warmupMinutes: 2, concurrency: 8, seed: 1, write: true });
    expect(parseSoakArgs(['--minutes', '3', '--concurrency=4', '--no-write'])).toStrictEqual({
      minutes: 3,
      warmupMinutes: 0.6,
      concurrency: 4,
      seed: 1,
      write: false,
    });
    expect(parseSoakArgs(['--minutes=1']).warmupMinutes).toBe(0.5);
  });
  it('should refuse a value out of range, naming the flag', () => {
    expect(() => parseSoakArgs(['--minutes', 'ten'])).toThrow('--minutes ten: must be a number from 0.1 to 1440');
    expect(() => parseSoakArgs(['--minutes', '1', '--warmup-minutes', '1'])).toThrow(/must be shorter than the run/);
  });
});

describe('when drawing random numbers', () => {
  it('should repeat a sequence for one seed and stay in [0, 1)', () => {
    const a = seededRandom(7);
    const b = seededRandom(7);
    const xs = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toStrictEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(xs.map((x) => Math.floor(x * 10))).size).toBe(10);
  });
});
