/**
 * @module
 * What a soak run adds up to: counts per scenario (expected and unexpected outcomes), their
 * latencies, the slowest requests, and whether the proxy's resident memory grew after the
 * warm-up. Pure, fed by the runner one result at a time.
 */
import { summarize, type LatencySummary } from '../bench/bench-stats.js';
import type { SoakGroup } from './soak-scenarios.js';

export interface SoakResult {
  readonly scenario: string;
  readonly group: SoakGroup;
  readonly slowByDesign: boolean;
  /** ms since the run started. */
  readonly startedAtMs: number;
  readonly durationMs: number;
  readonly status: number;
  /** Null when the outcome was the expected one. */
  readonly problem: string | null;
}

export interface ScenarioSummary {
  readonly scenario: string;
  readonly group: SoakGroup;
  readonly count: number;
  readonly unexpected: number;
  readonly latency: LatencySummary;
}

export interface TallySummary {
  readonly total: number;
  readonly unexpected: number;
  readonly byGroup: Readonly<Record<SoakGroup, number>>;
  readonly scenarios: readonly ScenarioSummary[];
  /** Slowest requests, upstream stalls left out (they wait for the timeout by design). */
  readonly slowest: readonly SoakResult[];
  /** The first unexpected outcomes, for the report. */
  readonly problems: readonly SoakResult[];
}

const KEEP_SLOWEST = 10;
const KEEP_PROBLEMS = 20;

export class SoakTally {
  readonly #latencies = new Map<string, { group: SoakGroup; ms: number[]; unexpected: number }>();
  readonly #slowest: SoakResult[] = [];
  readonly #problems: SoakResult[] = [];
  #total = 0;
  #unexpected = 0;

  record(result: SoakResult): void {
    this.#total++;
    let s = this.#latencies.get(result.scenario);
    if (!s) this.#latencies.set(result.scenario, (s = { group: result.group, ms: [], unexpected: 0 }));
    s.ms.push(result.durationMs);
    if (result.problem !== null) {
      s.unexpected++;
      this.#unexpected++;
      if (this.#problems.length < KEEP_PROBLEMS) this.#problems.push(result);
    }
    if (!result.slowByDesign) this.#keepIfSlow(result);
  }

  summary(): TallySummary {
    const byGroup: Record<SoakGroup, number> = { chat: 0, embed: 0, static: 0, abuse: 0 };
    const scenarios: ScenarioSummary[] = [];
    for (const [scenario, s] of this.#latencies) {
      byGroup[s.group] += s.ms.length;
      scenarios.push({ scenario, group: s.group, count: s.ms.length, unexpected: s.unexpected, latency: summarize(s.ms) });
    }
    return { total: this.#total, unexpected: this.#unexpected, byGroup, scenarios, slowest: [...this.#slowest], problems: [...this.#problems] };
  }

  #keepIfSlow(result: SoakResult): void {
    if (this.#slowest.length === KEEP_SLOWEST && result.durationMs <= this.#slowest.at(-1)!.durationMs) return;
    const at = this.#slowest.findIndex((r) => r.durationMs < result.durationMs);
    this.#slowest.splice(at < 0 ? this.#slowest.length : at, 0, result);
    if (this.#slowest.length > KEEP_SLOWEST) this.#slowest.pop();
  }
}

/** One reading of a memory measure of the proxy (resident memory, or JavaScript heap in use). */
export interface MemorySample {
  /** ms since the run started. */
  readonly atMs: number;
  readonly mb: number;
}

export interface MemoryVerdict {
  /** Before any traffic. */
  readonly startMb: number;
  /** Lowest reading in the minute after the warm-up (what is left after garbage collection). */
  readonly afterWarmupMb: number;
  /** Lowest reading in the last minute. */
  readonly endMb: number;
  /** Highest reading after the warm-up (buffers of large responses in flight, before collection). */
  readonly peakMb: number;
  readonly growthMb: number;
  /** Least-squares slope of the per-minute lowest readings after the warm-up. */
  readonly slopeMbPerMinute: number;
  /** Growth after the warm-up within the tolerance. */
  readonly steady: boolean;
}

/** Growth after the warm-up tolerated as noise, as a share of the warm floor. */
export const MEMORY_GROWTH_TOLERANCE = 0.1;

/**
 * Compares the floor of a memory measure (the lowest reading in a minute) after the warm-up
 * with the floor at the end. Heap readings swing by a hundred MB while multi-MB data files are
 * compressed and sent; the floor is what the garbage collector could not free, so a leak
 * shows there and the swings do not. (Resident memory rarely shrinks once V8 has grown its
 * heap, so its floor shows the high-water mark rather than a leak: it is reported, the heap judged.)
 */
export function memoryVerdict(samples: readonly MemorySample[], warmupEndMs: number, runEndMs: number): MemoryVerdict {
  if (samples.length === 0) throw new Error('memoryVerdict: no memory samples (is /proc readable?)');
  const after = samples.filter((s) => s.atMs >= warmupEndMs);
  const floorOf = (from: number, to: number) => lowest(after.filter((s) => s.atMs >= from && s.atMs <= to).map((s) => s.mb));
  const afterWarmupMb = floorOf(warmupEndMs, warmupEndMs + 60_000) ?? samples.at(-1)!.mb;
  const endMb = floorOf(runEndMs - 60_000, runEndMs) ?? samples.at(-1)!.mb;
  const growthMb = endMb - afterWarmupMb;
  // Whole minutes only: a last partial minute of one or two readings has no floor to speak of.
  const minutes = Math.floor((runEndMs - warmupEndMs) / 60_000);
  const perMinute = new Map<number, number>();
  for (const s of after) {
    const minute = Math.floor((s.atMs - warmupEndMs) / 60_000);
    if (minute < minutes) perMinute.set(minute, Math.min(perMinute.get(minute) ?? Infinity, s.mb));
  }
  return {
    startMb: samples[0]!.mb,
    afterWarmupMb,
    endMb,
    peakMb: Math.max(...after.map((s) => s.mb), afterWarmupMb),
    growthMb,
    slopeMbPerMinute: slope([...perMinute].map(([m, mb]) => [m, mb] as const)),
    steady: growthMb <= afterWarmupMb * MEMORY_GROWTH_TOLERANCE,
  };
}

function lowest(values: readonly number[]): number | undefined {
  return values.length ? Math.min(...values) : undefined;
}

function slope(points: readonly (readonly [number, number])[]): number {
  if (points.length < 2) return 0;
  const n = points.length;
  const mx = points.reduce((a, [x]) => a + x, 0) / n;
  const my = points.reduce((a, [, y]) => a + y, 0) / n;
  const sxx = points.reduce((a, [x]) => a + (x - mx) ** 2, 0);
  return sxx === 0 ? 0 : points.reduce((a, [x, y]) => a + (x - mx) * (y - my), 0) / sxx;
}
