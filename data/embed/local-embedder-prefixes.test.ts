import { describe, expect, it } from 'vitest';
import { prefixesForModel } from './local-embedder-prefixes.js';

describe('when choosing the prefixes for a model', () => {
  it('should use query: and passage: for the multilingual E5 model', () => {
    expect(prefixesForModel('Xenova/multilingual-e5-small')).toStrictEqual({ query: 'query: ', document: 'passage: ' });
  });

  it('should recognise other E5 exports by name', () => {
    expect(prefixesForModel('intfloat/multilingual-e5-base')).toStrictEqual({ query: 'query: ', document: 'passage: ' });
    expect(prefixesForModel('e5-small-v2')).toStrictEqual({ query: 'query: ', document: 'passage: ' });
  });

  it('should use no prefix for paraphrase models and unknown models', () => {
    expect(prefixesForModel('Xenova/paraphrase-multilingual-MiniLM-L12-v2')).toStrictEqual({ query: '', document: '' });
    expect(prefixesForModel('tiny-bert')).toStrictEqual({ query: '', document: '' });
  });

  it('should let an override replace one prefix and keep the other', () => {
    expect(prefixesForModel('Xenova/multilingual-e5-small', { document: '' })).toStrictEqual({ query: 'query: ', document: '' });
  });
});
