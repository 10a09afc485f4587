import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.js';
import { loadCorpusFromDir } from '../corpus/corpus-loader-node.js';
import type { TopicIndex } from '../topics/topic-index.js';
import { loadTopicsFromDir } from '../topics/topic-loader-node.js';
import { createSearchEngine } from './search-engine.js';

let corpus: Corpus;
let topics: TopicIndex;
beforeAll(async () => {
  // What an Arabic reader's engine has once its explanation part arrived (Jalalayn and the tafsir words).
  corpus = await loadCorpusFromDir({ tracks: [], explanations: ['ar'] });
  topics = await loadTopicsFromDir();
});

/** The first verses of keyword search with the built topic index, for an Arabic question. */
function first(question: string, n = 3): string[] {
  const engine = createSearchEngine(corpus);
  engine.useTopics(topics);
  return engine
    .lexical(question, { lang: 'ar' })
    .hits.slice(0, n)
    .map((h) => `${h.ref.surah}:${h.ref.ayah}`);
}

describe('when an Arabic question drops a final hamza, as people type', () => {
  it('should meet fasting’s make-up days for القضا as for القضاء', () => {
    const typed = first('ما حكم القضا في الصيام');
    expect(typed).toEqual(expect.arrayContaining(['2:184']));
    expect(typed).toEqual(first('ما حكم القضاء في الصيام'));
  });
  it('should meet the prayer for those who went before for الدعا (supplication), as for الدعاء', () => {
    expect(first('هل يجوز الدعا للميت', 5)).toContain('59:10');
    expect(first('هل يجوز الدعاء للميت', 5)).toContain('59:10');
  });
});
