import { describe, expect, it } from 'vitest';
import { directionOf, resolveUiLang, starterQuestions, translator } from './ui-language.js';
import { STRINGS_EN } from './strings-en.js';
import { STRINGS_AR } from './strings-ar.js';

describe('when resolving the UI language', () => {
  it('should accept en and ar, with regions and any case', () => {
    expect(['en', 'ar', 'ar-EG', 'AR', 'en_GB'].map(resolveUiLang)).toStrictEqual(['en', 'ar', 'ar', 'ar', 'en']);
  });
  it('should fall back to English for unknown or missing languages', () => {
    expect([undefined, null, '', 'ur', 'xx-YY'].map(resolveUiLang)).toStrictEqual(['en', 'en', 'en', 'en', 'en']);
  });
  it('should lay Arabic out right to left and English left to right', () => {
    expect(directionOf('ar')).toBe('rtl');
    expect(directionOf('en')).toBe('ltr');
  });
});

describe('when looking up strings', () => {
  it('should fill placeholders and leave unknown ones as written', () => {
    const t = translator('en');
    expect(t('rateLimited', { seconds: 30 })).toBe('Too many questions right now. Please wait 30 seconds and try again. The verses are shown below.');
    expect(t('passage', {})).toBe('Passage {range}');
  });
  it('should give Arabic text for every key with the same placeholders as English', () => {
    for (const key of Object.keys(STRINGS_EN) as (keyof typeof STRINGS_EN)[]) {
      const ar = STRINGS_AR[key];
      expect(ar.length, key).toBeGreaterThan(0);
      expect(ar, key).not.toBe(STRINGS_EN[key]);
      expect([...ar.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort(), key).toStrictEqual([...STRINGS_EN[key].matchAll(/\{\w+\}/g)].map((m) => m[0]).sort());
    }
  });
  it('should give localised starter questions', () => {
    expect(starterQuestions('en')[0]).toBe('What does the Quran say about patience?');
    expect(starterQuestions('ar')[0]).toBe('ماذا يقول القرآن عن الصبر؟');
  });
});
