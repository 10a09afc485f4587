/**
 * @module
 * `npm run bench:soak` flags: `--minutes 10` (run length), `--warmup-minutes` (default a fifth
 * of the run, at least half a minute), `--concurrency 8` (virtual clients), `--seed 1`,
 * `--no-write` (print, do not touch BENCHMARKS.md). `--name value` and `--name=value` both work.
 */

export interface SoakArgs {
  readonly minutes: number;
  readonly warmupMinutes: number;
  readonly concurrency: number;
  readonly seed: number;
  readonly write: boolean;
}

export const DEFAULT_SOAK_ARGS = { minutes: 10, concurrency: 8, seed: 1 } as const;

export function parseSoakArgs(argv: readonly string[]): SoakArgs {
  const value = (name: string): string | undefined => {
    const i = argv.findIndex((a) => a === `--${name}` || a.startsWith(`--${name}=`));
    if (i < 0) return undefined;
    const a = argv[i]!;
    return a.includes('=') ? a.slice(a.indexOf('=') + 1) : argv[i + 1];
  };
  const number = (name: string, fallback: number, min: number, max: number): number => {
    const text = value(name);
    if (text === undefined) return fallback;
    const n = Number(text);
    if (!Number.isFinite(n) || n < min || n > max) throw new Error(`--${name} ${text}: must be a number from ${min} to ${max}`);
    return n;
  };
  const minutes = number('minutes', DEFAULT_SOAK_ARGS.minutes, 0.1, 24 * 60);
  const warmupMinutes = number('warmup-minutes', Math.max(0.5, minutes / 5), 0, minutes);
  if (warmupMinutes >= minutes) throw new Error(`--warmup-minutes ${warmupMinutes} must be shorter than the run (--minutes ${minutes})`);
  return {
    minutes,
    warmupMinutes,
    concurrency: Math.round(number('concurrency', DEFAULT_SOAK_ARGS.concurrency, 1, 256)),
    seed: Math.round(number('seed', DEFAULT_SOAK_ARGS.seed, 0, 2 ** 31)),
    write: !argv.includes('--no-write'),
  };
}

/** A small seeded generator (mulberry32), so two runs with one seed send the same mix. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
