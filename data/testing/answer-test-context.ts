/**
 * Test helper: the test corpus with the verses retrieved for a question about patience
 * (2:153 and its context 2:148-158), as the answer checks and renderer see them.
 */
import type { Corpus } from '../corpus/corpus.js';
import { loadTestCorpus } from './test-corpus.js';
import type { AnswerCheckContext } from '../answer-check/answer-check.js';

export interface AnswerTestContext extends AnswerCheckContext {
  readonly corpus: Corpus;
  readonly retrieved: ReadonlySet<number>;
}

export async function answerTestContext(): Promise<AnswerTestContext> {
  const corpus = await loadTestCorpus();
  const retrieved = new Set<number>();
  for (let a = 148; a <= 158; a++) retrieved.add(corpus.indexOf({ surah: 2, ayah: a }));
  return { corpus, retrieved, tracks: ['en'] };
}
