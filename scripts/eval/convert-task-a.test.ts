import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { convertTaskA, TASK_A_TRAINVAL_FILE } from './convert-task-a.js';
import { realExternalData, SYNTHETIC_EXTERNAL_DIR } from './eval-test-data.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});
const parse = (r: string) => corpus.parseRef(r);

const rows = [
  { qid: '1', split: 'train', question: 'س1', zero_answer: false, direct_answer_verses: ['7:85', '11:84'] },
  { qid: '2', split: 'dev', question: 'س2', zero_answer: false, direct_answer_verses: ['2:234'] },
  { qid: '3', split: 'dev', question: 'س3', zero_answer: true, direct_answer_verses: [] },
]
  .map((r) => JSON.stringify(r))
  .join('\n');

describe('when converting Task A to verses', () => {
  it('should keep only the asked split, with the direct answer verses as gold', () => {
    expect(convertTaskA(rows, 'train', parse).lines).toEqual([{ id: '1', query: 'س1', lang: 'ar', relevant: ['7:85', '11:84'] }]);
  });

  it('should skip zero-answer questions and say why', () => {
    const out = convertTaskA(rows, 'dev', parse);
    expect(out.lines.map((l) => l.id)).toEqual(['2']);
    expect(out.skipped).toEqual([{ id: '3', reason: expect.stringMatching(/zero-answer/) }]);
  });

  it('should read the trainval file: the answerable questions of each split, zero-answer ones skipped', () => {
    const text = readFileSync(join(SYNTHETIC_EXTERNAL_DIR, TASK_A_TRAINVAL_FILE), 'utf8');
    expect(convertTaskA(text, 'train', parse)).toMatchObject({ lines: [{ id: '801', lang: 'ar', relevant: ['3:1', '3:2'] }], skipped: [{ id: '802' }] });
    const dev = convertTaskA(text, 'dev', parse);
    expect(dev.lines.map((l) => [l.id, l.relevant])).toEqual([
      ['901', ['2:153', '2:155']],
      ['902', ['1:1']],
    ]);
    expect(dev.skipped.map((s) => s.id)).toEqual(['903']);
  });
});

const REAL = realExternalData('scripts/eval/convert-task-a.test.ts');

describe.skipIf(!REAL)('when converting the real Task A file', () => {
  it('should give 148 train and 21 dev answerable questions', () => {
    const text = readFileSync(join(REAL!, TASK_A_TRAINVAL_FILE), 'utf8');
    expect(convertTaskA(text, 'train', parse).lines).toHaveLength(148);
    expect(convertTaskA(text, 'dev', parse).lines).toHaveLength(21);
  });
});
