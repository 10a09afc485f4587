import { describe, expect, it } from 'vitest';
import { loadCorpusFromDir } from '../../corpus/corpus-loader-node.js';
import { DEFAULT_BM25_PARAMS } from '../index/bm25-index.js';
import { LexicalIndexes } from '../index/lexical-indexes.js';
import { conflateNounAdjective, createEnglishAnalyzer, englishWords, GLOSSARY_WEIGHT, stemEnglish } from './english-analyzer.js';

const analyzer = createEnglishAnalyzer();

describe('when stemming English', () => {
  it('should join inflections with the Porter stemmer', () => {
    expect(stemEnglish('believers')).toBe(stemEnglish('believe'));
    expect(stemEnglish('forgiveness')).toBe(stemEnglish('forgiving'));
    expect(stemEnglish('prayers')).toBe('prayer');
    expect(stemEnglish('disbelievers')).toBe('disbeliev');
  });
});

describe('when a noun in -ence/-ance meets its adjective', () => {
  it('should give both the same term (Porter keeps them apart)', () => {
    const { terms } = createEnglishAnalyzer();
    expect(terms('patience patient violence violent absence absent')).toStrictEqual(['patient', 'patient', 'violent', 'violent', 'absent', 'absent']);
    expect(conflateNounAdjective('patienc')).toBe('patient');
    expect(conflateNounAdjective('prayer')).toBe('prayer');
  });
});

describe('when Porter folds unrelated words onto one stem (found by npm run find:stem-collisions)', () => {
  const same = (a: string, b: string) => stemEnglish(a) === stemEnglish(b);
  it.each([
    ['conversion', 'conversation'],
    ['several', 'severe'],
    ['generous', 'generation'],
    ['generally', 'generation'],
    ['generous', 'general'],
    ['evening', 'even'],
    ['use', 'us'],
    ['using', 'us'],
    ['position', 'positive'],
    ['polite', 'politics'],
    ['awful', 'awe'],
    ['caste', 'cast'],
    ['diversion', 'diverse'],
    ['divining', 'divine'],
    ['likely', 'like'],
  ])('should keep %s apart from %s', (a, b) => {
    expect(same(a, b)).toBe(false);
  });
  it('should still join the forms of each split word, and conversion with convert', () => {
    expect(
      [
        ['conversion', 'converts'],
        ['generous', 'generosity'],
        ['evening', 'evenings'],
        ['use', 'used'],
        ['divining', 'diviners'],
        ['severe', 'severity'],
      ].map(([a, b]) => same(a!, b!)),
    ).toEqual([true, true, true, true, true, true]);
  });
  it('should not answer a question on forced conversion with the private conversations of 58:7-10', async () => {
    const corpus = await loadCorpusFromDir({ tracks: ['en'] });
    const hits = new LexicalIndexes(corpus, { bm25: DEFAULT_BM25_PARAMS, arabicRootWeight: 1, arabicNgramWeight: 0.5 })
      .get('en')
      .searchText('Does Islam allow forced conversion?', 10);
    expect(hits.map((h) => corpus.refAt(h.index)).filter((r) => r.surah === 58 && r.ayah >= 7 && r.ayah <= 10)).toEqual([]);
  });
});

describe('when analysing text', () => {
  it('should lowercase, fold accents, drop possessives, stop words and digits', () => {
    expect(englishWords("Allāh's Mercy, 2 times")).toEqual(['allah', 'mercy', 'times']);
  });

  it('should read a transliteration with or without its apostrophe as one word, and keep English contractions apart', () => {
    expect(englishWords("When is Jumu'ah? Read the Qur’an, make du'a at the Ka`bah")).toEqual([
      'when',
      'is',
      'jumuah',
      'read',
      'the',
      'quran',
      'make',
      'dua',
      'at',
      'the',
      'kabah',
    ]);
    expect(englishWords("Don't we'll Allah's they're")).toEqual(['don', 'we', 'll', 'allah', 'they', 're']);
    expect(analyzer.terms('Indeed, Allah is with the patient.')).toEqual(['inde', 'allah', 'patient']);
  });
  it('should drop question framing such as "what does the Quran say about"', () => {
    expect(analyzer.terms('What does the Quran say about patience?')).toEqual(['patient']);
  });
});

describe('when analysing a query', () => {
  it('should add glossary words in the same group at a lower weight', () => {
    expect(analyzer.queryTerms!('salah times')).toEqual([
      { term: 'salah', weight: 1, group: 0 },
      { term: 'prayer', weight: GLOSSARY_WEIGHT, group: 0 },
      { term: 'time', weight: 1, group: 1 },
    ]);
  });
  it("should map Arabic names of prophets to the translation's names", () => {
    expect(analyzer.queryTerms!('Musa').map((t) => t.term)).toEqual(['musa', 'mose']);
  });
  it('should count a repeated word once', () => {
    expect(analyzer.queryTerms!('mercy mercy')).toEqual([{ term: 'merci', weight: 1, group: 0 }]);
  });
  it('should still search a query made only of stop words', () => {
    expect(analyzer.queryTerms!('the Quran').map((t) => t.term)).toEqual(['the', 'quran']);
  });
});
