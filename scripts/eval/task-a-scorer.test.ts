import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_A_DIR } from './external-data.js';
import { realExternalData, SYNTHETIC_EXTERNAL_DIR } from './eval-test-data.js';
import { scoreTaskA } from './task-a-scorer.js';
import { parseTrecQrels, parseTrecRun, type Qrels } from './trec-files.js';

const qrels = parseTrecQrels(
  [
    'q1\t0\tA\t1',
    'q1\t0\tB\t1',
    'q1\t0\tC\t1', // answerable, R = 3
    'q2\t0\t-1\t1', // no answer in the Quran
    'q3\t0\t-1\t1',
    'q4\t0\tD\t1', // answerable, missing from the run
  ].join('\n'),
);

describe('when scoring a tiny run by hand', () => {
  const run = parseTrecRun(
    [
      'q1 Q0 X 1 9 t',
      'q1 Q0 A 2 8 t',
      'q1 Q0 Y 3 7 t',
      'q1 Q0 C 4 6 t',
      'q2 Q0 -1 1 1 t', // correct abstention
      'q3 Q0 -1 1 2 t',
      'q3 Q0 E 2 1 t', // abstention plus a passage: not exactly -1
      'q9 Q0 A 1 1 t', // not in the qrels
    ].join('\n'),
  );
  const score = scoreTaskA(qrels, run);
  const byId = new Map(score.questions.map((q) => [q.qid, q.metrics]));

  it('should compute AP@10 over R and RR@10 for an answerable question', () => {
    // hits at ranks 2 and 4: (1/2 + 2/4) / 3
    expect(byId.get('q1')!.ap).toBeCloseTo(1 / 3, 12);
    expect(byId.get('q1')!.rr).toBe(0.5);
  });

  it('should give 1 only for exactly the -1 answer on a zero-answer question', () => {
    expect(byId.get('q2')).toMatchObject({ ap: 1, rr: 1 });
    expect(byId.get('q3')).toMatchObject({ ap: 0, rr: 0 });
  });

  it('should score a missing answerable question 0 and ignore unknown questions', () => {
    expect(byId.get('q4')).toMatchObject({ ap: 0, rr: 0 });
    expect(score.questions).toHaveLength(4);
    expect(score.unknownQuestions).toEqual(['q9']);
    expect(score.mean.ap).toBeCloseTo((1 / 3 + 1 + 0 + 0) / 4, 12);
    expect(score.mean.rr).toBeCloseTo((0.5 + 1) / 4, 12);
  });

  it('should score a zero-answer question 0 when the run returns passages', () => {
    const s = scoreTaskA(parseTrecQrels('z 0 -1 1'), parseTrecRun('z Q0 A 1 1 t'));
    expect(s.mean.ap).toBe(0);
  });
});

describe('when cutting at 10', () => {
  it('should ignore hits below rank 10', () => {
    const lines = Array.from({ length: 11 }, (_, i) => `q Q0 P${i} ${i + 1} ${100 - i} t`);
    const s = scoreTaskA(parseTrecQrels('q 0 P10 1'), parseTrecRun(lines.join('\n')));
    expect(s.mean.ap).toBe(0);
    expect(s.mean.rr).toBe(0);
  });
});

describe('when scoring runs read from TREC files (synthetic Task A folder)', () => {
  const dir = join(SYNTHETIC_EXTERNAL_DIR, TASK_A_DIR);
  const gold = parseTrecQrels(readFileSync(join(dir, 'qrels', 'QQA23_TaskA_ayatec_v1.2_qrels_dev.gold'), 'utf8'));

  it('should score the run by hand: 901 hits at ranks 2 and 3 of R = 2, 902 misses, 903 abstains', () => {
    const s = scoreTaskA(gold, parseTrecRun(readFileSync(join(dir, 'baseline_runs', 'bigIR_BM25_dev.tsv'), 'utf8')));
    const byId = new Map(s.questions.map((q) => [q.qid, q.metrics]));
    expect(byId.get('901')).toMatchObject({ ap: (1 / 2 + 2 / 3) / 2, rr: 1 / 2 });
    expect(byId.get('902')).toMatchObject({ ap: 0, rr: 0 });
    expect(byId.get('903')).toMatchObject({ ap: 1, rr: 1 });
    expect(s.mean.ap).toBeCloseTo(19 / 36, 12);
    expect(s.mean.rr).toBeCloseTo(1 / 2, 12);
  });

  it('should score the perfect run 1 on every question', () => {
    const s = scoreTaskA(gold, parseTrecRun(readFileSync(join(dir, 'baseline_runs', 'dev_perfect.tsv'), 'utf8')));
    expect(s.mean).toMatchObject({ ap: 1, rr: 1 });
  });
});

const REAL = realExternalData('scripts/eval/task-a-scorer.test.ts');

describe.skipIf(!REAL)("when scoring the organisers' dev runs (official check, real data)", () => {
  const dir = join(REAL ?? '', TASK_A_DIR);
  let gold: Qrels;
  beforeAll(() => {
    gold = parseTrecQrels(readFileSync(join(dir, 'qrels', 'QQA23_TaskA_ayatec_v1.2_qrels_dev.gold'), 'utf8'));
  });

  it('should reproduce MAP@10 0.1703 and MRR@10 0.3133 for bigIR_BM25_dev', () => {
    const run = parseTrecRun(readFileSync(join(dir, 'baseline_runs', 'bigIR_BM25_dev.tsv'), 'utf8'));
    const s = scoreTaskA(gold, run);
    expect(s.questions).toHaveLength(25);
    expect(s.mean.ap.toFixed(4)).toBe('0.1703');
    expect(s.mean.rr.toFixed(4)).toBe('0.3133');
  });

  it('should score the gold run dev_perfect MRR@10 1.0, and MAP@10 1.0 except where R > 10', () => {
    const run = parseTrecRun(readFileSync(join(dir, 'baseline_runs', 'dev_perfect.tsv'), 'utf8'));
    const s = scoreTaskA(gold, run);
    expect(s.mean.rr).toBeCloseTo(1, 12);
    // AP@10 divides by R: questions 330, 419, 424 and 241 have R = 39, 27, 19 and 15, so even
    // a perfect run gets 10/R on them; the other 21 questions score 1.
    expect(s.mean.ap).toBeCloseTo((21 + 10 / 39 + 10 / 27 + 10 / 19 + 10 / 15) / 25, 12);
    const capped = s.questions
      .filter((q) => q.metrics.ap < 1)
      .map((q) => q.qid)
      .sort();
    expect(capped).toEqual(['241', '330', '419', '424']);
  });
});
