/** Latency summaries for benchmarks (runtime-neutral: runs in Node and in the page). */

export interface LatencySummary {
  readonly n: number;
  /** Milliseconds. */
  readonly p50: number;
  readonly p95: number;
  readonly mean: number;
  readonly max: number;
}

const round = (ms: number) => Math.round(ms * 1000) / 1000;

/** Nearest-rank percentile of sorted samples. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1]!;
}

export function summarize(samples: readonly number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / Math.max(1, sorted.length);
  return { n: sorted.length, p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), mean: round(mean), max: round(sorted.at(-1) ?? NaN) };
}

export interface MeasureOptions {
  /** Untimed calls first, so the JIT has compiled the hot path. Default 20. */
  warmup?: number;
  /** Timed calls. Default 200. */
  runs?: number;
}

/** Time `fn(i)` once per run; `i` cycles through inputs chosen by the caller. */
export function measure(fn: (i: number) => unknown, options: MeasureOptions = {}): LatencySummary {
  const warmup = options.warmup ?? 20;
  const runs = options.runs ?? 200;
  let sink = 0;
  for (let i = 0; i < warmup; i++) sink += fn(i) ? 1 : 0;
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    sink += fn(warmup + i) ? 1 : 0;
    samples.push(performance.now() - t);
  }
  // Keep `sink` observable so the calls cannot be optimised away.
  if (sink < 0) console.log(sink);
  return summarize(samples);
}

/** Wall time of one async step, in ms (3 decimals). */
export async function timeOnce<T>(fn: () => Promise<T> | T): Promise<{ value: T; ms: number }> {
  const t = performance.now();
  const value = await fn();
  return { value, ms: round(performance.now() - t) };
}
