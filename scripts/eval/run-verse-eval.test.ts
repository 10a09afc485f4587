import { describe, expect, it } from 'vitest';
import { runVerseEval } from './run-verse-eval.js';
import type { VerseRetriever } from './verse-retriever.js';

const questions = [
  { id: 'a', query: 'qa', lang: 'en', relevant: new Set(['1:1', '1:2']) },
  { id: 'b', query: 'qb', relevant: new Set(['2:255']) },
];

describe('when a retriever is scored on verse questions', () => {
  it('should pass the language hint, de-duplicate, and count abstentions as zero', async () => {
    const seen: (string | undefined)[] = [];
    const retriever: VerseRetriever = {
      name: 'stand-in',
      async retrieve({ query, lang }) {
        seen.push(lang);
        return query === 'qa' ? { verses: ['9:9', '1:2', '1:2', '1:1'], abstained: false } : { verses: [], abstained: true };
      },
    };
    const r = await runVerseEval(questions, retriever, { k: 10, recallAt: [10, 20] });
    expect(seen).toEqual(['en', undefined]);
    expect(r.questions[0]!.retrieved).toEqual(['9:9', '1:2', '1:1']);
    // a: hits at 2 and 3 of R=2 → (1/2 + 2/3) / 2; b: 0
    expect(r.mean.ap).toBeCloseTo((1 / 2 + 2 / 3) / 2 / 2, 12);
    expect(r.mean.rr).toBeCloseTo(0.25, 12);
    expect(r.mean.recall[20]).toBe(0.5);
    expect(r.abstentions).toBe(1);
    expect(r.system).toBe('stand-in');
  });
});
