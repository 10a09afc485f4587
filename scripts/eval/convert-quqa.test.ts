import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { convertQuqa, QUQA_QRELS_FILE, QUQA_QUESTIONS_FILE } from './convert-quqa.js';
import { realExternalData, SYNTHETIC_EXTERNAL_DIR } from './eval-test-data.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});
const parse = (r: string) => corpus.parseRef(r);

const questions = 'question_id\tquestion_text\tquestion_type\tsource\n170\tسؤال أول\tD\tX\n171\tسؤال ثان\tF\tX\n172\tبلا جواب\tF\tX\n';
const qrels = 'question_id\tverse_range\tanswer_id\tsource\n170\t74:49-50\t1\tX\n171\t66:3-5\t1\tX\n171\t2:255-255\t2\tX\n';

describe('when converting QUQA', () => {
  it('should gather every answer range of a question as an Arabic question', () => {
    const out = convertQuqa(questions, qrels, parse);
    expect(out.lines).toEqual([
      { id: '170', query: 'سؤال أول', lang: 'ar', relevant: ['74:49-50'] },
      { id: '171', query: 'سؤال ثان', lang: 'ar', relevant: ['66:3-5', '2:255-255'] },
    ]);
    expect(out.skipped).toEqual([{ id: '172', reason: 'no reference' }]);
  });

  it('should read the two TSV files with their headers', () => {
    const dir = SYNTHETIC_EXTERNAL_DIR;
    const out = convertQuqa(readFileSync(join(dir, QUQA_QUESTIONS_FILE), 'utf8'), readFileSync(join(dir, QUQA_QRELS_FILE), 'utf8'), parse);
    expect(out.lines.map((l) => [l.id, l.relevant])).toEqual([
      ['501', ['2:155-157', '39:10-10']],
      ['502', ['1:1-7']],
    ]);
    expect(out.skipped).toEqual([{ id: '503', reason: 'no reference' }]);
  });
});

const REAL = realExternalData('scripts/eval/convert-quqa.test.ts');

describe.skipIf(!REAL)('when converting the real QUQA files', () => {
  it('should account for all 2,009 questions', () => {
    const dir = REAL!;
    const out = convertQuqa(readFileSync(join(dir, QUQA_QUESTIONS_FILE), 'utf8'), readFileSync(join(dir, QUQA_QRELS_FILE), 'utf8'), parse);
    expect(out.lines.length + out.skipped.length).toBe(2009);
    expect(out.lines.length).toBeGreaterThan(1900);
  });
});
