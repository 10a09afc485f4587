/** Nearest-rank percentiles of latency samples, as the proxy benchmark reports them. */
export interface Percentiles {
  readonly p50: number;
  readonly p95: number;
  readonly max: number;
}

export function percentiles(samples: readonly number[]): Percentiles {
  const s = [...samples].sort((a, b) => a - b);
  const at = (p: number) => (s.length ? s[Math.min(s.length - 1, Math.max(0, Math.ceil(p * s.length) - 1))]! : NaN);
  return { p50: at(0.5), p95: at(0.95), max: s.at(-1) ?? NaN };
}
