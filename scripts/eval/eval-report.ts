/**
 * Turn evaluation results into the printed table and the JSON report.
 */
import type { RankingMetrics } from './ranking-metrics.js';

export interface ReportRow {
  readonly system: string;
  readonly questions: number;
  readonly mean: RankingMetrics;
  readonly abstentions: number;
}

export interface EvalReport {
  readonly generatedAt: string;
  readonly command: string;
  readonly machine: string;
  readonly dataset: string;
  readonly format: string;
  readonly split?: string;
  readonly k: number;
  readonly rows: readonly ReportRow[];
  readonly notes: readonly string[];
  /** system → per-question metrics and retrieved ids. */
  readonly perQuestion: Readonly<Record<string, readonly unknown[]>>;
}

const fmt = (v: number | undefined) => (v === undefined ? '-' : v.toFixed(4));

export function formatReportTable(rows: readonly ReportRow[], k: number): string {
  const header = ['system', 'questions', `MAP@${k}`, `MRR@${k}`, 'Recall@10', 'Recall@20', `nDCG@${k}`, 'Hit@3', 'abstained'];
  const body = rows.map((r) => [
    r.system,
    String(r.questions),
    fmt(r.mean.ap),
    fmt(r.mean.rr),
    fmt(r.mean.recall[10]),
    fmt(r.mean.recall[20]),
    fmt(r.mean.ndcg),
    fmt(r.mean.hit3),
    String(r.abstentions),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) => '| ' + cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ') + ' |';
  return [line(header), '|' + widths.map((w) => '-'.repeat(w + 2)).join('|') + '|', ...body.map(line)].join('\n');
}

/** "lexical Recall@20 is 1.63x plain-bm25" — or why it cannot be computed. */
export function recallRatioLine(system: ReportRow, baseline: ReportRow, at = 20): string {
  const s = system.mean.recall[at];
  const b = baseline.mean.recall[at];
  if (s === undefined || b === undefined) return `Recall@${at} not measured for both systems`;
  if (b === 0) return `${system.system} Recall@${at} ${s.toFixed(4)}; ${baseline.system} is 0, no ratio`;
  return `${system.system} Recall@${at} is ${(s / b).toFixed(2)}x ${baseline.system} (${s.toFixed(4)} vs ${b.toFixed(4)})`;
}
