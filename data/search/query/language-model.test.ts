import { describe, expect, it } from 'vitest';
import { LATIN_LANGS, languageFeatures, LanguageScorer, type LanguageModel, type LatinLang } from './language-model.js';
import { ARABIC_SCRIPT_LANGUAGE_MODEL, LATIN_LANGUAGE_MODEL } from './language-model-weights.js';

describe('languageFeatures', () => {
  it('should give each word and its padded 1- to 4-grams, lower-cased', () => {
    expect(languageFeatures('Ya')).toEqual(['w:ya', ' ', 'y', 'a', ' ', ' y', 'ya', 'a ', ' ya', 'ya ', ' ya ']);
  });
  it('should keep letters with their accents and apostrophes, and drop punctuation', () => {
    expect(languageFeatures("l'âme, ¿qué?").filter((f) => f.startsWith('w:'))).toEqual(["w:l'âme", 'w:qué']);
  });
});

describe('LanguageScorer with the shipped Latin-script model', () => {
  const scorer = new LanguageScorer(LATIN_LANGUAGE_MODEL);

  // Written for this test, in the register visitors type: no question mark, no telltale letters.
  it.each([
    ['gimana caranya biar bisa sabar kalau lagi diuji terus', 'id'],
    ['orang tua saya sudah tua, apa kewajiban saya ke mereka', 'id'],
    ['annemle babama karsi gorevlerim neler', 'tr'],
    ['faiz almak gunah mi', 'tr'],
    ['hur ska jag be nar jag reser', 'sv'],
    ['vad hander efter doden enligt koranen', 'sv'],
    ['est ce que le vin est interdit', 'fr'],
    ['que pasa despues de la muerte', 'es'],
    ['is it ok to lie to protect someone', 'en'],
  ])('should read "%s" as %s with no interface language', (text, lang) => {
    expect(scorer.detect(text)).toBe(lang);
  });

  it('should let the interface language decide a word two languages share, and a sentence outweigh it', () => {
    expect(scorer.detect('patience', 'fr')).toBe('fr');
    expect(scorer.detect('patience', 'en')).toBe('en');
    expect(scorer.detect('apa hukum riba dalam islam', 'en')).toBe('id');
  });

  it('should score every language, the expected one with its bonus', () => {
    const empty = scorer.scores('', 'tr');
    expect(Object.keys(empty).sort()).toEqual([...LATIN_LANGS].sort());
    expect(empty.tr).toBe(LATIN_LANGUAGE_MODEL.expectedBonus);
    expect(empty.en).toBe(0);
  });
});

describe('LanguageScorer with the shipped Arabic-script model', () => {
  const scorer = new LanguageScorer(ARABIC_SCRIPT_LANGUAGE_MODEL);

  it('should read an Arabic sentence as Arabic on an Urdu interface, and an Urdu one as Urdu on an Arabic interface', () => {
    expect(scorer.detect('هل يجوز أخذ الفائدة من البنك', 'ur')).toBe('ar');
    // No letter Arabic lacks (ے ں ٹ): the words give it away.
    expect(scorer.detect('کیا سود لینا جائز ہے', 'ar')).toBe('ur');
  });

  it('should let the interface language decide one word both languages write the same way', () => {
    expect(scorer.detect('صبر', 'ur')).toBe('ur');
    expect(scorer.detect('صبر', 'ar')).toBe('ar');
  });
});

describe('LanguageScorer with a model that does not fit', () => {
  it('should refuse weights that do not match the features, and say how to rebuild', () => {
    const broken: LanguageModel<LatinLang> = { ...LATIN_LANGUAGE_MODEL, weights: { ...LATIN_LANGUAGE_MODEL.weights, sv: [1, 2] } };
    expect(() => new LanguageScorer(broken)).toThrow(/2 weights for sv .* npm run build:language-model/);
  });

  it('should refuse a model without languages', () => {
    expect(() => new LanguageScorer({ ...LATIN_LANGUAGE_MODEL, langs: [] })).toThrow(/at least one language/);
  });
});
