import { describe, expect, it } from 'vitest';
import { createTransliterationAnalyzer, looksTransliterated, translitKey } from './transliteration-analyzer.js';

describe('when folding transliterated words', () => {
  it('should give the track spelling and a typed spelling one key', () => {
    expect(translitKey('alrraheemi')).toBe(translitKey('rahim'));
    expect(translitKey('rajiAAoona')).toBe(translitKey('rajiun'));
    expect(translitKey('ahadun')).toBe(translitKey('ahad'));
    expect(translitKey('aAAoothu')).toBe(translitKey("a'udhu"));
  });
  it('should keep Allah whole', () => {
    expect(translitKey('Allahu')).toBe('alla');
    expect(translitKey('Allahi')).toBe('alla');
  });
  it('should drop standalone articles and split hyphenated words', () => {
    expect(createTransliterationAnalyzer().terms('ar-Rahman ar Rahim')).toEqual(['rahm', 'rahi']);
  });
});

describe('when telling a transliteration from a question', () => {
  it.each(['qul huwa allahu ahad', 'la ilaha illallah', 'ar rahman ar rahim', 'inna lillahi wa inna ilayhi rajiun', 'alhamdulillahi rabbil alamin'])(
    'should read "%s" as a transliteration',
    (q) => {
      expect(looksTransliterated(q)).toBe(true);
    },
  );
  it.each([
    'patience and prayer',
    'Who is Allah',
    'la paciencia',
    'min tro',
    'the mercy of ar-Rahman',
    'Apa yang dikatakan Al-Quran tentang kesabaran?',
    'salah',
  ])('should not read "%s" as one', (q) => {
    expect(looksTransliterated(q)).toBe(false);
  });
});
