import { describe, expect, it } from 'vitest';
import { percentiles } from './percentiles.js';

describe('when summarising latencies', () => {
  it('should give nearest-rank p50, p95 and max', () => {
    const samples = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentiles(samples)).toStrictEqual({ p50: 50, p95: 95, max: 100 });
  });
});
