import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../testing/test-corpus.js';
import type { Corpus } from '../../corpus/corpus.js';
import { normalizeArabic } from '../../arabic/arabic-normalize.js';
import {
  cliticReadings,
  createArabicAnalyzer,
  createArabicRootAnalyzer,
  finalAlefKey,
  rootArabicWord,
  stemArabicWord,
  withoutFinalHamza,
} from './arabic-analyzer.js';

const stem = (w: string) => stemArabicWord(normalizeArabic(w));
const analyzer = createArabicAnalyzer();

describe('when stemming Arabic words people type against the Uthmani spelling', () => {
  it.each([
    ['العالمين', 'العلمين'],
    ['السماوات', 'السموت'],
    ['الكتاب', 'الكتب'],
    ['ابراهيم', 'ابرهيم'],
    ['الصلاة', 'الصلوة'],
    ['الزكاة', 'الزكوة'],
    ['الحياة', 'الحيوة'],
  ])('should give %s and the Uthmani %s one stem', (typed, uthmani) => {
    expect(stem(typed)).toBe(stem(uthmani));
  });
});

describe('when a feminine word is another word than its stem', () => {
  it('should keep الغيبة (backbiting) apart from الغيب (the unseen), in the stem and the root', () => {
    expect(stem('الغيبة')).not.toBe(stem('الغيب'));
    expect(rootArabicWord(normalizeArabic('الغيبة'))).not.toBe(rootArabicWord(normalizeArabic('الغيب')));
    // Written with ة (a topic's name) or normalised to ه (a question), with و before it: one term.
    expect(new Set(['الغيبة', 'الغيبه', 'والغيبة'].map(stem)).size).toBe(1);
  });
  it('should still read غيبه without the article as "his unseen" (72:26)', () => {
    expect(stem('غيبه')).toBe(stem('الغيب'));
  });
});

describe('when a three-letter word ends in ا', () => {
  it('should index a word ending in a hamza also as typed without it, so وضو meets الوضوء', () => {
    expect(withoutFinalHamza(normalizeArabic('الوضوء'))).toBe('الوضو');
    expect(withoutFinalHamza(normalizeArabic('ماء'))).toBe('');
    expect(analyzer.indexTerms!('الوضوء والدعاء')).toEqual(['وضوء', 'وض', 'دعء', 'دع']);
    // The query keeps its own key only: typed with the hamza it meets the first key, without it the second.
    expect(analyzer.queryTerms!('الوضوء').map((t) => t.term)).toEqual(['وضوء']);
    const typed = analyzer.queryTerms!('وضو').map((t) => t.term);
    expect(analyzer.indexTerms!('الوضوء')).toContain(typed[0]);
    expect(analyzer.indexTerms!('الوضوء')).not.toContain(analyzer.queryTerms!('وضع')[0]!.term);
  });

  it('should keep a second key with the ا, so ربا (usury) is not only رب (Lord)', () => {
    expect(stem('الربا')).toBe('رب');
    expect(finalAlefKey(normalizeArabic('الربا'))).toBe('ربا');
    expect(finalAlefKey(normalizeArabic('عصا'))).toBe('عصا');
    expect(analyzer.terms('الربا')).toEqual(['رب', 'ربا']);
    expect(analyzer.queryTerms!('الربا')).toEqual([
      { term: 'رب', weight: 1, group: 0 },
      { term: 'ربا', weight: 1, group: 0 },
    ]);
  });
  it('should not make one for longer words, suffixes or Allah', () => {
    // نارا is نار with the accusative ending; ربكما is رب with a pronoun.
    for (const w of ['نارا', 'ربكما', 'كتابا', 'لله', 'قالوا']) expect(finalAlefKey(normalizeArabic(w)), w).toBe('');
  });
});

describe('when reading a typed word with a clitic split off', () => {
  it('should split one proclitic or one enclitic, leaving at least three letters', () => {
    expect(cliticReadings('لقوم')).toEqual(['قوم']);
    expect(cliticReadings('نفسك')).toEqual(['نفس']);
    expect(cliticReadings('ديننا')).toEqual(['دين']);
    expect(cliticReadings('بوعدك')).toEqual(['وعدك', 'بوعد']);
    expect(cliticReadings('كتب')).toEqual([]);
  });
  it('should add the readings as fallbacks of the typed word, and not for a stop-word fallback query', () => {
    expect(analyzer.queryTerms!('ديننا')).toEqual([
      { term: 'دينن', weight: 1, group: 0 },
      { term: 'دين', weight: 1, group: 0, fallback: true },
    ]);
    expect(analyzer.queryTerms!('ما هو').every((q) => !q.fallback)).toBe(true);
  });
});

describe('when stripping clitics and suffixes', () => {
  it('should strip the article forms and keep the root letters', () => {
    expect(stem('الصبر')).toBe('صبر');
    expect(stem('بالصبر')).toBe('صبر');
    expect(stem('والصابرين')).toBe('صبر');
  });
  it('should join plural, feminine and pronoun forms', () => {
    expect(stem('المؤمنين')).toBe('مومن');
    expect(stem('المؤمنون')).toBe('مومن');
    expect(stem('المؤمنات')).toBe('مومن');
    expect(stem('قلوبهم')).toBe('قلوب');
    expect(stem('ربكم')).toBe('رب');
    expect(stem('رحمته')).toBe(stem('رحمة'));
    expect(stem('صلاتهم')).toBe(stem('الصلاة'));
  });
  it('should keep a minimum stem: الجنة is not الجن, and بيت keeps its ت', () => {
    expect(stem('الجنة')).toBe('جنه');
    expect(stem('الجن')).toBe('جن');
    expect(stem('بيت')).toBe('بيت');
  });
  it('should drop the person prefix of a plural imperfect verb so it meets the past tense', () => {
    expect(stem('يعلمون')).toBe(stem('علموا'));
    expect(stem('تكفرون')).toBe(stem('كفروا'));
    expect(stem('ويعملون')).toBe(stem('عملوا'));
    expect(stem('يعلم')).toBe('يعلم');
  });
  it('should keep Allah whole in every clitic form', () => {
    for (const w of ['الله', 'لله', 'بالله', 'والله', 'تالله']) expect(stem(w)).toBe('الله');
  });
});

describe('when taking the root-like key', () => {
  const root = (w: string) => rootArabicWord(normalizeArabic(w));
  it('should bring a word family together', () => {
    expect(['مكتوب', 'الكاتبين', 'كتاب', 'الكتب'].map(root)).toEqual(['كتب', 'كتب', 'كتب', 'كتب']);
    expect(root('يستغفرون')).toBe('غفر');
    expect(root('غفور')).toBe('غفر');
    expect(root('الرحيم')).toBe('رحم');
  });
  it('should never cut below three letters or touch Allah', () => {
    expect(root('رب')).toBe('رب');
    expect(root('بالله')).toBe('الله');
    expect(createArabicRootAnalyzer().terms('والله غفور رحيم')).toEqual(['الله', 'غفر', 'رحم']);
  });
});

describe('when analysing real verses', () => {
  let corpus: Corpus;
  beforeAll(async () => {
    corpus = await loadTestCorpus();
  });
  it('should index 1:2 as praise, Allah, Lord, worlds', () => {
    expect(analyzer.terms(corpus.verse({ surah: 1, ayah: 2 }).arabicSearch)).toEqual(['حمد', 'الله', 'رب', 'علم']);
  });
  it('should find the typed query words in 2:153 (patience and prayer)', () => {
    const verse = new Set(analyzer.terms(corpus.verse({ surah: 2, ayah: 153 }).arabicSearch));
    for (const t of analyzer.terms('الصبر والصلاة')) expect(verse.has(t)).toBe(true);
  });
  it.each([
    [2, 54, 4, 'يا قوم'],
    [2, 33, 1, 'يا آدم'],
    [2, 40, 1, 'إسرائيل'],
    [4, 92, 11, 'خطأ'],
    [3, 190, 6, 'الليل'],
    [69, 3, 1, 'أدراك'],
    [2, 124, 2, 'إبراهيم'],
    [2, 61, 51, 'النبيين'],
    [4, 18, 4, 'السيئات'],
    [14, 43, 7, 'وأفئدتهم'],
    [2, 213, 3, 'واحدة'],
    [6, 5, 11, 'يستهزئون'],
  ])('should give the Uthmani word %i:%i #%i the terms of its modern spelling %s', (s, a, i, modern) => {
    const uthmani = corpus.verse({ surah: s, ayah: a }).arabic.split(' ')[i]!;
    expect(analyzer.terms(uthmani)).toEqual(analyzer.terms(modern));
    // One word: its stem, and for a three-letter word ending in ا (خطأ → خطا) also that form.
    expect(analyzer.terms(modern)[0]).toBe(stemArabicWord(normalizeArabic(modern).replace(/^يا /, '')));
  });
  it('should give the same index terms on the normalised track as the full analysis', () => {
    for (const a of [analyzer, createArabicRootAnalyzer()]) {
      for (let i = 0; i < 6236; i += 97) {
        const text = corpus.verseAt(i).arabicSearch;
        expect(a.indexTerms!(text)).toEqual(a.terms(text));
      }
    }
  });
  it('should drop question framing from queries but not from verses', () => {
    expect(analyzer.queryTerms!('اذكر الآيات الكريمة الدالة على الصبر').map((q) => q.term)).toEqual(['صبر']);
    expect(analyzer.queryTerms!('ما معنى الصبر').map((q) => q.term)).toEqual(['صبر']);
    expect(analyzer.terms('الآيات')).toEqual(['ايت']);
  });
  it('should drop a particle joined to a pronoun or another particle', () => {
    expect(analyzer.terms('فما جزاء من كفر بما انزل عنه')).toEqual(analyzer.terms('جزاء كفر انزل'));
  });
  it('should drop stop words and fall back to them for a stop-word-only query', () => {
    expect(analyzer.terms('ما هو في')).toEqual([]);
    expect(analyzer.queryTerms!('ما هو').map((q) => q.term)).toEqual(['م', 'هو']);
  });
  it('should drop question words typed joined or in dialect, which no verse contains', () => {
    expect(analyzer.queryTerms!('ماهي الصلاة').map((q) => q.term)).toEqual(['صله']);
    expect(analyzer.queryTerms!('وماهو الصبر').map((q) => q.term)).toEqual(['صبر']);
    expect(analyzer.queryTerms!('ليش الصبر').map((q) => q.term)).toEqual(['صبر']);
    expect(analyzer.queryTerms!('ازاي الصبر').map((q) => q.term)).toEqual(['صبر']);
  });
});

describe('when the light stemmer would join words of different meanings (npm run find:stem-collisions)', () => {
  it('should not read a perfect verb as an imperfect one when too little would be left: تابوا (they repented) is not اب (father)', () => {
    expect(stemArabicWord('تابوا')).not.toBe(stemArabicWord('اب'));
    // Imperfect plurals with a whole stem still meet their other forms.
    expect(stemArabicWord('يعلمون')).toBe(stemArabicWord('علموا'));
    expect(stemArabicWord('تكفرون')).toBe(stemArabicWord('كفروا'));
    expect(stemArabicWord('ينظرون')).toBe('نظر');
  });

  it('should keep a word ending in نا ("we", "our") whole rather than read its كن/هن as a pronoun', () => {
    expect(stemArabicWord('وتركنا')).not.toBe(stemArabicWord('تري'));
    expect(stemArabicWord('بملكنا')).not.toBe(stemArabicWord('بمال'));
    expect(stemArabicWord('باركنا')).not.toBe(stemArabicWord('البر'));
    // كن and هن as pronouns still go when three letters remain.
    expect(stemArabicWord('بيوتكن')).toBe(stemArabicWord('بيوت'));
  });
});
