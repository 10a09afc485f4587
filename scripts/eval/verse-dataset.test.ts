import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { formatVerseDataset, parseVerseDataset } from './verse-dataset.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});
const parse = (text: string) => parseVerseDataset(text, (r) => corpus.parseRef(r));

describe('when reading a verse dataset', () => {
  it('should expand ranges to single verses and keep id and lang', () => {
    const [q] = parse('{"id":"x1","query":"patience","lang":"en","relevant":["2:153","2:155-157"]}\n');
    expect(q).toEqual({ id: 'x1', query: 'patience', lang: 'en', relevant: new Set(['2:153', '2:155', '2:156', '2:157']) });
  });

  it('should number questions by line when they have no id', () => {
    const qs = parse('{"query":"a","relevant":["1:1"]}\n\n{"query":"b","relevant":["1:2"]}\n');
    expect(qs.map((q) => q.id)).toEqual(['1', '3']);
  });

  it('should round-trip what formatVerseDataset writes', () => {
    const text = formatVerseDataset([{ id: 'q', query: 'mercy', lang: 'en', relevant: ['7:156', '39:53'] }]);
    expect(parse(text)[0]!.relevant).toEqual(new Set(['7:156', '39:53']));
  });
});

describe('when a line is wrong', () => {
  it('should name the line and the problem', () => {
    expect(() => parse('{"query":"a","relevant":["1:1"]}\n{"query":"b","relevant":[]}')).toThrow(/line 2: "relevant" must be a non-empty array/);
    expect(() => parse('{"query":"a","relevant":["2:300"]}')).toThrow(/line 1: surah 2 has 286 verses/);
    expect(() => parse('not json')).toThrow(/line 1: not valid JSON/);
    expect(() => parse('')).toThrow(/no questions/);
  });
});
