import { describe, expect, it } from 'vitest';
import { detectQueryLanguage, languageFromHint, trackForLanguage } from './language-detect.js';

describe('when the script gives the language away', () => {
  it.each([
    ['ما هو الصبر', 'ar'],
    ['صبر کے بارے میں قرآن کیا کہتا ہے', 'ur'],
    // Arabic typed on an Urdu/Persian keyboard: ہ and ی alone do not make it Urdu.
    ['\u0645\u0627 \u0647\u0648 \u0627\u0644\u0635\u0628\u0631 \u0641\u06CC \u0633\u0648\u0631\u06C1 \u0627\u0644\u0628\u0642\u0631\u06C1', 'ar'],
    ['忍耐和礼拜', 'zh'],
    ['ধৈর্য ও নামাজ', 'bn'],
    ['терпение и молитва', 'ru'],
  ])('should read %s as %s', (query, lang) => {
    expect(detectQueryLanguage(query)).toBe(lang);
  });
  it('should trust an Urdu hint for a word both languages write alike', () => {
    expect(detectQueryLanguage('صبر', 'ur')).toBe('ur');
    expect(detectQueryLanguage('صبر')).toBe('ar');
  });
  it('should read an Arabic question on an Urdu interface as Arabic, so it searches the Arabic text', () => {
    expect(detectQueryLanguage('ما حكم الربا في القرآن', 'ur')).toBe('ar');
  });
});

describe('when the query is in Latin script', () => {
  it.each([
    ['What does the Quran say about patience?', 'en'],
    ['Que dit le Coran sur la patience ?', 'fr'],
    ['¿Qué dice el Corán sobre la paciencia?', 'es'],
    ['Apa yang dikatakan Al-Quran tentang kesabaran?', 'id'],
    ['Kuran sabır hakkında ne diyor?', 'tr'],
    ['Vad säger Koranen om tålamod?', 'sv'],
  ])('should vote %s to %s', (query, lang) => {
    expect(detectQueryLanguage(query)).toBe(lang);
  });
  it('should follow the hint when no word votes, and default to English', () => {
    expect(detectQueryLanguage('patience', 'fr-FR')).toBe('fr');
    expect(detectQueryLanguage('patience')).toBe('en');
    expect(detectQueryLanguage('patience', 'ar')).toBe('en');
  });
  it('should not take a bare name of God as a language vote', () => {
    expect(detectQueryLanguage("Allah's mercy")).toBe('en');
    expect(detectQueryLanguage('rahmat Allah', 'id')).toBe('id');
  });
  it('should let the words outvote a UI hint', () => {
    expect(detectQueryLanguage('What does the Quran say about patience?', 'fr')).toBe('en');
    // Informal Indonesian on an English site: few function words, no telltale letters.
    expect(detectQueryLanguage('gimana caranya biar bisa sabar kalau lagi diuji terus', 'en')).toBe('id');
  });
});

describe('when the query is a transliterated verse', () => {
  it('should search the transliteration track', () => {
    expect(detectQueryLanguage('qul huwa allahu ahad')).toBe('translit');
    expect(trackForLanguage('translit')).toBe('translit');
    expect(detectQueryLanguage('la paciencia', 'es')).toBe('es');
  });
});

describe('when mapping hints and tracks', () => {
  it('should accept BCP-47 tags and map each language to its track', () => {
    expect(languageFromHint('id-ID')).toBe('id');
    expect(languageFromHint('in')).toBe('id');
    expect(languageFromHint('de')).toBeUndefined();
    expect(trackForLanguage('ar')).toBe('arabic-search');
    expect(trackForLanguage('zh')).toBe('zh');
  });
});
