import { describe, expect, it } from 'vitest';
import { memoryVerdict, SoakTally, type SoakResult } from './soak-tally.js';

const result = (scenario: string, durationMs: number, problem: string | null = null, slowByDesign = false): SoakResult => ({
  scenario,
  group: scenario.startsWith('embed') ? 'embed' : 'chat',
  slowByDesign,
  startedAtMs: 0,
  durationMs,
  status: 200,
  problem,
});

describe('when results are tallied', () => {
  it('should count per scenario and group, and keep the first problems', () => {
    const t = new SoakTally();
    t.record(result('chat', 10));
    t.record(result('chat', 30, 'expected an event stream, got 500'));
    t.record(result('embed-new', 5));
    const s = t.summary();
    expect(s.total).toBe(3);
    expect(s.unexpected).toBe(1);
    expect(s.byGroup).toStrictEqual({ chat: 2, embed: 1, static: 0, abuse: 0 });
    expect(s.scenarios.find((x) => x.scenario === 'chat')).toMatchObject({ count: 2, unexpected: 1, latency: { p50: 10, max: 30 } });
    expect(s.problems.map((p) => p.problem)).toStrictEqual(['expected an event stream, got 500']);
  });
  it('should keep the 10 slowest, slowest first, leaving out waits by design', () => {
    const t = new SoakTally();
    for (let i = 0; i < 100; i++) t.record(result('chat', (i * 37) % 100));
    t.record(result('chat-upstream-stall', 5000, null, true));
    expect(t.summary().slowest.map((r) => r.durationMs)).toStrictEqual([99, 98, 97, 96, 95, 94, 93, 92, 91, 90]);
  });
});

describe('when memory is judged', () => {
  const samples = (rss: (minute: number) => number) => Array.from({ length: 121 }, (_, i) => ({ atMs: i * 5000, mb: rss((i * 5000) / 60_000) }));
  it('should call a steady floor after the warm-up steady, however high the swings go', () => {
    // Warm-up climbs to 140 MB; afterwards every third reading is a 100 MB swing (large responses in flight).
    const v = memoryVerdict(
      samples((m) => (m < 2 ? 60 + m * 40 : 140 + (Math.round(m * 12) % 3 === 0 ? 100 : 0))),
      120_000,
      600_000,
    );
    expect(v).toMatchObject({ startMb: 60, afterWarmupMb: 140, endMb: 140, peakMb: 240, growthMb: 0, steady: true });
    expect(v.slopeMbPerMinute).toBe(0);
  });
  it('should catch a leak in the floor', () => {
    const v = memoryVerdict(
      samples((m) => 100 + m * 5 + (Math.round(m * 12) % 2) * 50),
      120_000,
      600_000,
    );
    expect(v.afterWarmupMb).toBe(110);
    expect(v.endMb).toBe(145);
    expect(v.slopeMbPerMinute).toBeCloseTo(5, 5);
    expect(v.steady).toBe(false);
  });
  it('should refuse to judge without samples', () => {
    expect(() => memoryVerdict([], 0, 1)).toThrow(/no memory samples/);
  });
});
