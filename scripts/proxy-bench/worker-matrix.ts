/**
 * @module
 * The `## Proxy workers` table of BENCHMARKS.md: one row per `bench:proxy -- --workers N
 * --chats C` configuration, kept in bench/proxy-workers.json so each run replaces its own row
 * and the table shows every configuration side by side with its direct-upstream baseline.
 */
import type { Percentiles } from './percentiles.js';

export const WORKERS_SECTION_START = '<!-- bench:proxy-workers:start -->';
export const WORKERS_SECTION_END = '<!-- bench:proxy-workers:end -->';

export interface WorkerMatrixRow {
  readonly date: string;
  readonly workers: number;
  readonly sharedStore: 'redis' | 'memory';
  /** Simultaneous streaming chats in the burst. */
  readonly chats: number;
  readonly errors: number;
  readonly complete: number;
  readonly wallMs: number;
  readonly ttft: Percentiles;
  /** The same burst straight to the fake upstream, in the same run. */
  readonly directWallMs: number;
  readonly directTtft: Percentiles;
  readonly loadAverage: number;
  /** What the first failed stream said, when one failed. */
  readonly firstError?: string;
}

const sameConfig = (a: WorkerMatrixRow, b: WorkerMatrixRow) => a.workers === b.workers && a.sharedStore === b.sharedStore && a.chats === b.chats;

/** `rows` with `row` in place of the run of the same configuration, sorted by streams, then workers. */
export function upsertRow(rows: readonly WorkerMatrixRow[], row: WorkerMatrixRow): WorkerMatrixRow[] {
  return [...rows.filter((r) => !sameConfig(r, row)), row].sort(
    (a, b) => a.chats - b.chats || a.workers - b.workers || a.sharedStore.localeCompare(b.sharedStore),
  );
}

/** Targets for the benchmark only: every stream completes, and at 200 streams p95 first token within 3x the direct burst's. */
export function meetsTarget(r: WorkerMatrixRow): boolean {
  const allComplete = r.errors === 0 && r.complete === r.chats;
  return r.chats <= 200 ? allComplete && r.ttft.p95 <= 3 * r.directTtft.p95 : allComplete;
}

export function renderWorkerMatrix(rows: readonly WorkerMatrixRow[], machine: string): string {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  return [
    `Simultaneous streaming chats through the proxy with 1 and 2 Node \`cluster\` workers (\`WORKERS\`), on ${machine}, against the fake xAI upstream on 127.0.0.1 (20 ms before the first byte, 19 chunks 5 ms apart). The load generator, the fake upstreams, Redis and the workers all share the machine's 2 cores, and the machine was shared with other work during these runs (1-min load average in the last column), so compare each row with the direct baseline measured in the same run.`,
    '',
    '| Workers (store) | Streams | Errors / complete | First token p50 / p95 | Wall time, streams/s | Direct to upstream: first token p50 / p95, wall | Target | Date, load |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows.map(
      (r) =>
        `| ${r.workers} (${r.sharedStore}) | ${r.chats} | ${r.errors} / ${r.complete} | ${ms(r.ttft.p50)} / ${ms(r.ttft.p95)} | ${ms(r.wallMs)}, ${(r.chats / (r.wallMs / 1000)).toFixed(0)}/s | ${ms(r.directTtft.p50)} / ${ms(r.directTtft.p95)}, ${ms(r.directWallMs)} | ${meetsTarget(r) ? 'pass' : '**miss**'} | ${r.date}, ${r.loadAverage.toFixed(1)} |`,
    ),
    ...rows.filter((r) => r.firstError).map((r) => `- ${r.workers} (${r.sharedStore}), ${r.chats} streams, first error: \`${r.firstError}\``),
    '',
    "Targets (benchmark only, never in tests): 1,000 streams with 0 errors; at 200 streams, p95 time to first token within 3x the direct burst's p95. With more than one worker the limits live in Redis (a `redis-server` the bench starts on a loopback port), as a deployment with `WORKERS` should run.",
    '',
    'Reproduce: `npm run bench:proxy -- --workers 2 --chats 1000` (`--redis` puts one worker on Redis too).',
  ].join('\n');
}
