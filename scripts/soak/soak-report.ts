/**
 * @module
 * The `## Soak` section of BENCHMARKS.md (between its markers): the command, the machine, the
 * outcome counts, answers left open, the proxy's memory (resident and heap) at start / after
 * the warm-up / at the end, per-scenario latencies and the slowest requests.
 */
import { replaceMarkedSection } from '../bench/marked-section.js';
import type { MemoryVerdict, TallySummary } from './soak-tally.js';

export const SOAK_SECTION_START = '<!-- bench:soak:start -->';
export const SOAK_SECTION_END = '<!-- bench:soak:end -->';

export interface SoakReport {
  readonly date: string;
  readonly machine: string;
  readonly command: string;
  readonly minutes: number;
  readonly warmupMinutes: number;
  readonly concurrency: number;
  /** 1-minute load average at the end (other jobs share the machine). */
  readonly loadAverage: number;
  readonly tally: TallySummary;
  /** Resident memory (reported: it shows the heap's high-water mark more than a leak). */
  readonly residentMemory: MemoryVerdict;
  /** JavaScript heap in use plus Buffers (judged: its floor is what garbage collection could not free). */
  readonly jsMemory: MemoryVerdict;
  readonly openStreamsAfter: number;
  readonly elapsedMs: number;
}

const mb = (x: number) => `${x.toFixed(0)} MB`;
const ms = (x: number) => `${x.toFixed(0)} ms`;
const pass = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

export function renderSoakSection(r: SoakReport): string {
  const t = r.tally;
  const m = r.jsMemory;
  const rss = r.residentMemory;
  const signed = (x: number, digits: number) => `${x >= 0 ? '+' : ''}${x.toFixed(digits)}`;
  const rate = t.total / (r.elapsedMs / 1000);
  const expectedRefusals = t.scenarios.filter((s) => s.group === 'abuse' || /upstream|stop/.test(s.scenario)).reduce((n, s) => n + s.count - s.unexpected, 0);
  const lines = [
    `Run ${r.date} on ${r.machine} (1-min load average ${r.loadAverage.toFixed(1)} at the end: other jobs share these cores), \`${r.command}\`: ${r.minutes} minutes (${r.warmupMinutes} of warm-up), ${r.concurrency} concurrent clients on 127.0.0.1, against the fake upstreams (verified against a fake upstream, not a real API). Three processes: load generator, proxy (\`node --import tsx proxy/server.ts\`), fake upstreams.`,
    '',
    '| Measure | Result | Target |',
    '| --- | --- | --- |',
    `| Requests | ${t.total} (${rate.toFixed(0)}/s): chat ${t.byGroup.chat}, embed ${t.byGroup.embed}, static ${t.byGroup.static}, abusive ${t.byGroup.abuse} | |`,
    `| Expected refusals and upstream failures (abuse answered 4xx, stalled/reset/refused upstreams ended with an error part, stops) | ${expectedRefusals} | each as designed |`,
    `| **Unexpected outcomes** | ${t.unexpected} | 0: ${pass(t.unexpected === 0)} |`,
    `| **Answers still open** 3 s after the last request | ${r.openStreamsAfter} | 0: ${pass(r.openStreamsAfter === 0)} |`,
    `| Proxy resident memory: start / after warm-up / end (lowest reading of the minute) / highest after warm-up | ${mb(rss.startMb)} / ${mb(rss.afterWarmupMb)} / ${mb(rss.endMb)} / ${mb(rss.peakMb)} | |`,
    `| Proxy JavaScript memory (heap in use + Buffers): start / after warm-up / end (lowest reading of the minute) / highest after warm-up | ${mb(m.startMb)} / ${mb(m.afterWarmupMb)} / ${mb(m.endMb)} / ${mb(m.peakMb)} | |`,
    `| **Memory growth after warm-up** (JavaScript memory floor, end − after warm-up; trend of the per-minute floor) | ${signed(m.growthMb, 1)} MB; ${signed(m.slopeMbPerMinute, 2)} MB/min | within 10% of the warm floor: ${pass(m.steady)} |`,
    '',
    '| Scenario | Requests | Unexpected | p50 | p95 | max |',
    '| --- | --- | --- | --- | --- | --- |',
    ...[...t.scenarios]
      .sort((a, b) => b.count - a.count)
      .map((s) => `| ${s.scenario} | ${s.count} | ${s.unexpected} | ${ms(s.latency.p50)} | ${ms(s.latency.p95)} | ${ms(s.latency.max)} |`),
    '',
    "Slowest requests (upstream stalls left out: they wait for the proxy's timeouts by design):",
    '',
    '| Scenario | Status | Duration | At |',
    '| --- | --- | --- | --- |',
    ...t.slowest.map((s) => `| ${s.scenario} | ${s.status} | ${ms(s.durationMs)} | ${(s.startedAtMs / 60_000).toFixed(1)} min |`),
  ];
  if (t.problems.length) {
    lines.push('', 'First unexpected outcomes:', '', ...t.problems.map((p) => `- ${p.scenario} at ${(p.startedAtMs / 1000).toFixed(1)} s: ${p.problem}`));
  }
  lines.push(
    '',
    "Resident memory is reported, not judged: it swings with the multi-MB data files in flight and, once the allocator has grown, rarely goes back down. The floor of JavaScript memory (heap in use + Buffers, read from the proxy's `/metrics` every 2 s) is what a leak in the proxy would grow.",
  );
  lines.push('', 'Reproduce: `npm run bench:soak` (10 minutes; `-- --minutes 3`, `--concurrency 8`, `--seed 1`, `--no-write`).');
  return lines.join('\n');
}

/** Replaces the text between the soak markers, or appends a `## Soak` section. */
export function replaceSoakSection(markdown: string, section: string): string {
  return replaceMarkedSection(markdown, { heading: '## Soak', start: SOAK_SECTION_START, end: SOAK_SECTION_END }, section);
}
