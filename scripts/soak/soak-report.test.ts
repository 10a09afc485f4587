import { describe, expect, it } from 'vitest';
import { renderSoakSection, replaceSoakSection, SOAK_SECTION_END, SOAK_SECTION_START, type SoakReport } from './soak-report.js';
import { SoakTally } from './soak-tally.js';

function report(unexpected: boolean): SoakReport {
  const tally = new SoakTally();
  tally.record({
    scenario: 'chat',
    group: 'chat',
    slowByDesign: false,
    startedAtMs: 61_000,
    durationMs: 250,
    status: 200,
    problem: unexpected ? 'network error ECONNRESET' : null,
  });
  tally.record({ scenario: 'bad-json', group: 'abuse', slowByDesign: false, startedAtMs: 1_000, durationMs: 2, status: 400, problem: null });
  return {
    date: '2025-11-22',
    machine: 'test machine',
    command: 'npm run bench:soak -- --minutes 3',
    minutes: 3,
    warmupMinutes: 0.6,
    concurrency: 8,
    loadAverage: 1.5,
    tally: tally.summary(),
    elapsedMs: 180_000,
    residentMemory: { startMb: 170, afterWarmupMb: 280, endMb: 300, peakMb: 470, growthMb: 20, slopeMbPerMinute: 3, steady: true },
    jsMemory: { startMb: 80, afterWarmupMb: 120, endMb: 121, peakMb: 200, growthMb: 1, slopeMbPerMinute: 0.2, steady: true },
    openStreamsAfter: 0,
  };
}

describe('when the soak section is written', () => {
  it('should give the command, the targets and the memory at the three points', () => {
    const text = renderSoakSection(report(false));
    expect(text).toContain('`npm run bench:soak -- --minutes 3`');
    expect(text).toContain('| **Unexpected outcomes** | 0 | 0: pass |');
    expect(text).toContain('| **Answers still open** 3 s after the last request | 0 | 0: pass |');
    expect(text).toContain(
      '| Proxy resident memory: start / after warm-up / end (lowest reading of the minute) / highest after warm-up | 170 MB / 280 MB / 300 MB / 470 MB | |',
    );
    expect(text).toContain(
      '| Proxy JavaScript memory (heap in use + Buffers): start / after warm-up / end (lowest reading of the minute) / highest after warm-up | 80 MB / 120 MB / 121 MB / 200 MB | |',
    );
    expect(text).toContain(
      '| **Memory growth after warm-up** (JavaScript memory floor, end − after warm-up; trend of the per-minute floor) | +1.0 MB; +0.20 MB/min | within 10% of the warm floor: pass |',
    );
    expect(text).toContain('| chat | 1 | 0 | 250 ms | 250 ms | 250 ms |');
    expect(text).not.toContain('First unexpected outcomes');
  });
  it('should fail the target and list what went wrong', () => {
    const text = renderSoakSection(report(true));
    expect(text).toContain('| **Unexpected outcomes** | 1 | 0: **FAIL** |');
    expect(text).toContain('- chat at 61.0 s: network error ECONNRESET');
  });
  it('should replace only its own section of BENCHMARKS.md', () => {
    const md = `# B\n\n## Proxy\n<!-- bench:proxy:start -->\nP\n<!-- bench:proxy:end -->\n\n## Soak\n${SOAK_SECTION_START}\nold\n${SOAK_SECTION_END}\n`;
    expect(replaceSoakSection(md, 'new')).toBe(md.replace('old', 'new'));
    expect(replaceSoakSection('# B\n', 'x')).toBe(`# B\n\n## Soak\n${SOAK_SECTION_START}\nx\n${SOAK_SECTION_END}\n`);
  });
});
