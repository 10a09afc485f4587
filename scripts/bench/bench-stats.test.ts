import { describe, expect, it } from 'vitest';
import { measure, percentile, summarize } from './bench-stats.js';

describe('when summarising latencies', () => {
  it('should use nearest-rank percentiles', () => {
    const samples = Array.from({ length: 100 }, (_, i) => i + 1);
    expect(percentile(samples, 50)).toBe(50);
    expect(percentile(samples, 95)).toBe(95);
    expect(summarize([3, 1, 2])).toEqual({ n: 3, p50: 2, p95: 3, mean: 2, max: 3 });
  });

  it('should call the function warmup + runs times with increasing indices', () => {
    const seen: number[] = [];
    const summary = measure((i) => seen.push(i), { warmup: 2, runs: 3 });
    expect(seen).toEqual([0, 1, 2, 3, 4]);
    expect(summary.n).toBe(3);
  });
});
