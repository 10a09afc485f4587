import { describe, expect, it } from 'vitest';
import { createTranslationAnalyzer, hanBigrams } from './translation-analyzer.js';

describe('when analysing other translations', () => {
  it('should split Chinese into overlapping character bigrams', () => {
    expect(hanBigrams('忍耐')).toEqual(['忍耐']);
    expect(hanBigrams('信道者')).toEqual(['信道', '道者']);
    expect(hanBigrams('主')).toEqual(['主']);
    expect(createTranslationAnalyzer('zh').terms('你们当借坚忍和拜功')).toEqual(['你们', '们当', '当借', '借坚', '坚忍', '忍和', '和拜', '拜功']);
  });
  it('should leave out of a Chinese question the bigrams of how it is asked, and keep them in verses', () => {
    const zh = createTranslationAnalyzer('zh');
    const asked = (q: string) => zh.queryTerms!(q).map((t) => t.term);
    expect(asked('古兰经关于忍耐说了什么？')).toEqual(['经关', '于忍', '忍耐', '耐说']);
    expect(asked('古兰经对孤儿说了什么')).toEqual(['经对', '对孤', '孤儿', '儿说']);
    // Nothing left but how it is asked: the question is searched as written.
    expect(asked('什么？')).toEqual(['什么']);
    expect(asked('古兰经说了什么')).toEqual(['经说']);
    expect(zh.terms('古兰经关于忍耐')).toEqual(['古兰', '兰经', '经关', '关于', '于忍', '忍耐']);
  });
  it('should fold French accents, drop stop words and keep 5 letters', () => {
    expect(createTranslationAnalyzer('fr').terms('Les prières et la patience')).toEqual(['prier', 'patie']);
    expect(createTranslationAnalyzer('fr').terms('prier')).toEqual(['prier']);
  });
  it('should cut Bengali by code points, so spelling variants of an ending meet', () => {
    const bn = createTranslationAnalyzer('bn');
    expect(bn.terms('ধৈর্য')).toEqual(bn.terms('ধৈর্য্য'));
  });
  it('should cut Russian and Turkish words to their first 5 letters', () => {
    expect(createTranslationAnalyzer('ru').terms('терпение и молитва')).toEqual(['терпе', 'молит']);
    expect(createTranslationAnalyzer('tr').terms('sabredenlerle birlikte')).toEqual(['sabre', 'birli']);
  });
  it('should normalise Urdu with the Arabic normaliser and drop its stop words', () => {
    expect(createTranslationAnalyzer('ur').terms('صبر اور نماز کے')).toEqual(['صبر', 'نماز']);
    expect(createTranslationAnalyzer('ur').terms('مسلمانوں')).toEqual(['مسلما']);
  });
  it('should drop Indonesian stop words', () => {
    expect(createTranslationAnalyzer('id').terms('apa itu kesabaran dan shalat')).toEqual(['kesab', 'shala']);
  });
});
