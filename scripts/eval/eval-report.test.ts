import { describe, expect, it } from 'vitest';
import { formatReportTable, recallRatioLine, type ReportRow } from './eval-report.js';

const row = (system: string, r20: number | undefined): ReportRow => ({
  system,
  questions: 3,
  mean: { ap: 0.25, rr: 0.5, recall: r20 === undefined ? { 10: 0.1 } : { 10: 0.1, 20: r20 }, ndcg: 1 / 3, ...(r20 === undefined ? {} : { hit3: 2 / 3 }) },
  abstentions: 1,
});

describe('when formatting the report', () => {
  it('should print an aligned markdown table with 4 decimals and - for unmeasured cells', () => {
    expect(formatReportTable([row('lexical', 0.3), row('bigIR', undefined)], 10)).toBe(
      [
        '| system  | questions | MAP@10 | MRR@10 | Recall@10 | Recall@20 | nDCG@10 | Hit@3  | abstained |',
        '|---------|-----------|--------|--------|-----------|-----------|---------|--------|-----------|',
        '| lexical | 3         | 0.2500 | 0.5000 | 0.1000    | 0.3000    | 0.3333  | 0.6667 | 1         |',
        '| bigIR   | 3         | 0.2500 | 0.5000 | 0.1000    | -         | 0.3333  | -      | 1         |',
      ].join('\n'),
    );
  });

  it('should state the Recall@20 ratio to the baseline', () => {
    expect(recallRatioLine(row('lexical', 0.3), row('plain-bm25', 0.2))).toBe('lexical Recall@20 is 1.50x plain-bm25 (0.3000 vs 0.2000)');
    expect(recallRatioLine(row('lexical', 0.3), row('plain-bm25', 0))).toMatch(/is 0, no ratio/);
  });
});
