import { describe, expect, it } from 'vitest';
import { parseTaskAQuestions, runTaskAEval } from './run-task-a-eval.js';
import { parsePassageCollection } from './task-a-passages.js';
import { parseTrecQrels } from './trec-files.js';
import type { VerseRetriever } from './verse-retriever.js';

const toyRange = (id: string) => {
  const [s, a, b] = id.split(/[:-]/).map(Number);
  return { surah: s!, from: a!, to: b! };
};
const qpc = parsePassageCollection('1:1-2\tx\n1:3-4\tx\n1:4-7\tx\n', toyRange, 7);

/** A stand-in retriever with fixed answers per question text. */
const fixed = (answers: Record<string, string[] | 'abstain'>): VerseRetriever => ({
  name: 'fixed',
  async retrieve({ query }) {
    const a = answers[query];
    return a === 'abstain' || a === undefined ? { verses: [], abstained: true } : { verses: a, abstained: false };
  },
});

describe('when a verse retriever is scored on Task A', () => {
  const qrels = parseTrecQrels('1 0 1:4-7 1\n1 0 1:1-2 1\n2 0 -1 1\n3 0 -1 1\n');
  const questions = parseTaskAQuestions('1\tأول\n2\tثان\n3\tثالث\n');

  it('should map verses to passages, turn abstention into -1 and score officially', async () => {
    const result = await runTaskAEval(questions, qrels, qpc, fixed({ 'أول': ['1:4', '1:3', '1:1'], 'ثان': 'abstain', 'ثالث': ['1:1'] }));
    expect(result.run.get('1')).toEqual(['1:3-4', '1:4-7', '1:1-2']);
    expect(result.run.get('2')).toEqual(['-1']);
    expect(result.run.get('3')).toEqual(['1:1-2']);
    // q1: hits at ranks 2 and 3 of R=2 → (1/2 + 2/3) / 2; q2 abstains correctly → 1; q3 answers → 0
    const ap1 = (1 / 2 + 2 / 3) / 2;
    expect(result.score.mean.ap).toBeCloseTo((ap1 + 1 + 0) / 3, 12);
    expect(result.score.mean.rr).toBeCloseTo((0.5 + 1 + 0) / 3, 12);
  });
});

describe('when reading Task A question files', () => {
  it('should split qid and question on the first tab', () => {
    expect(parseTaskAQuestions('7\tسؤال\tفيه علامة\n')).toEqual([{ qid: '7', question: 'سؤال\tفيه علامة' }]);
    expect(() => parseTaskAQuestions('no tab here')).toThrow(/not "qid<TAB>question"/);
  });
});
