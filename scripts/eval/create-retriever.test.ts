import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { createRetriever } from './create-retriever.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when building systems by name', () => {
  it('should wire the real lexical engine', async () => {
    const r = await createRetriever('lexical', corpus);
    expect(r.name).toBe('lexical');
    const out = await r.retrieve({ query: 'Zaqqum', lang: 'en' });
    expect(out.abstained).toBe(false);
    expect(out.verses).toContain('37:62');
  });

  it('should route a verse reference straight to the verse', async () => {
    const out = await (await createRetriever('lexical', corpus)).retrieve({ query: '2:255' });
    expect(out.verses).toEqual(['2:255']);
  });

  it('should build the plain baseline and refuse hybrid without an index', async () => {
    expect((await createRetriever('plain-bm25', corpus)).name).toBe('plain-bm25');
    await expect(createRetriever('hybrid', corpus)).rejects.toThrow(/--index/);
  });

  it('should build the lexical engine with overridden options and name the row after them', async () => {
    const options = { arabicNgramWeight: 0, coverageExponent: {} };
    const plain = await createRetriever('lexical', corpus, { engineOptions: options });
    expect(plain.name).toBe('lexical {"arabicNgramWeight":0,"coverageExponent":{}}');
    const question = 'كيف أستعين بالصبر والصلاة عند المصائب';
    const withDefaults = await (await createRetriever('lexical', corpus)).retrieve({ query: question, lang: 'ar' });
    const withOptions = await plain.retrieve({ query: question, lang: 'ar' });
    expect(withOptions.verses).toHaveLength(20);
    expect(withOptions.verses).not.toEqual(withDefaults.verses);
  });
});
