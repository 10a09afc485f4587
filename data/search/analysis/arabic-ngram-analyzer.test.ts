import { describe, expect, it } from 'vitest';
import { createArabicNgramAnalyzer, stemNgrams } from './arabic-ngram-analyzer.js';

const analyzer = createArabicNgramAnalyzer();

describe('when cutting a stem into n-grams', () => {
  it('should mark the word boundaries and overlap the grams', () => {
    expect(stemNgrams('قلوب')).toEqual(['#قلو', 'قلوب', 'لوب#']);
    expect(stemNgrams('صبر', 3)).toEqual(['#صب', 'صبر', 'بر#']);
  });
  it('should keep a stem that fits in n as one term', () => {
    expect(stemNgrams('رب')).toEqual(['#رب#']);
  });
  it('should refuse an n that cannot make grams', () => {
    expect(() => stemNgrams('قلوب', 1)).toThrow(/n-gram size must be a whole number >= 2, got 1/);
  });
});

describe('when analysing real Arabic words', () => {
  it('should give the verb يعلم and the noun علم a shared gram the light stems do not share', () => {
    const verb = analyzer.terms('يعلم');
    const noun = analyzer.terms('العلم');
    expect(verb).toEqual(['#يعل', 'يعلم', 'علم#']);
    expect(noun).toEqual(['#علم', 'علم#']);
    expect(verb.filter((g) => noun.includes(g))).toEqual(['علم#']);
  });
  it('should meet يؤمن and المؤمنين in ومن#', () => {
    expect(analyzer.terms('المؤمنين')).toContain('ومن#');
    expect(analyzer.terms('يؤمن')).toContain('ومن#');
  });
  it('should drop stop words and question framing like the light analyzer', () => {
    expect(analyzer.terms('في الجنة')).toEqual(['#جنه', 'جنه#']);
    expect(analyzer.queryTerms!('اذكر الآيات الدالة على الصبر').map((q) => q.term)).toEqual(['#صبر', 'صبر#']);
  });
  it('should index the normalised track the same as it analyses raw text', () => {
    expect(analyzer.indexTerms!('الصبر')).toEqual(analyzer.terms('الصبر'));
  });
});

describe('when analysing a query', () => {
  it('should make every distinct gram its own query word, so coverage counts grams', () => {
    const q = analyzer.queryTerms!('يعلم العلم');
    expect(q.map((t) => t.term)).toEqual(['#يعل', 'يعلم', 'علم#', '#علم']);
    expect(new Set(q.map((t) => t.group)).size).toBe(4);
  });
  it('should weigh a gram by the heaviest word it comes from', () => {
    const q = analyzer.queryTerms!('الصبر الصبر العلم');
    expect(q.find((t) => t.term === '#صبر')!.weight).toBe(2);
    expect(q.find((t) => t.term === '#علم')!.weight).toBe(1);
  });
});
