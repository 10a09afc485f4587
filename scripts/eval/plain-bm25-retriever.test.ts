import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { createPlainBm25Retriever } from './plain-bm25-retriever.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when the plain baseline searches the real corpus', () => {
  it('should find a verse by its rare English words', async () => {
    const r = await createPlainBm25Retriever(corpus).retrieve({ query: 'Zaqqum', lang: 'en' });
    expect(r.abstained).toBe(false);
    expect(r.verses).toContain('37:62');
    expect(r.verses.length).toBeLessThanOrEqual(20);
    for (const key of r.verses) expect(corpus.parseRef(key)).toBeTruthy();
  });

  it('should search normalised Arabic for an Arabic question', async () => {
    const r = await createPlainBm25Retriever(corpus).retrieve({ query: 'حدثني عن شجرة الزقوم' });
    expect(r.verses.slice(0, 5)).toEqual(expect.arrayContaining(['37:62']));
  });

  it('should abstain when no query word occurs in the corpus', async () => {
    const r = await createPlainBm25Retriever(corpus).retrieve({ query: 'the of and', lang: 'en' });
    expect(r).toEqual({ verses: [], abstained: true });
  });
});
