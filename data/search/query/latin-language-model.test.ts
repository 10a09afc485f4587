import { describe, expect, it } from 'vitest';
import { LATIN_LANGS, latinLanguageFeatures, LatinLanguageScorer, type LatinLanguageModel } from './latin-language-model.js';
import { LATIN_LANGUAGE_MODEL } from './latin-language-weights.js';

describe('latinLanguageFeatures', () => {
  it('should give each word and its padded 1- to 4-grams, lower-cased', () => {
    expect(latinLanguageFeatures('Ya')).toEqual(['w:ya', ' ', 'y', 'a', ' ', ' y', 'ya', 'a ', ' ya', 'ya ', ' ya ']);
  });
  it('should keep letters with their accents and apostrophes, and drop punctuation', () => {
    expect(latinLanguageFeatures("l'âme, ¿qué?").filter((f) => f.startsWith('w:'))).toEqual(["w:l'âme", 'w:qué']);
  });
});

describe('LatinLanguageScorer with the shipped model', () => {
  const scorer = new LatinLanguageScorer(LATIN_LANGUAGE_MODEL);

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

describe('LatinLanguageScorer with a model that does not fit', () => {
  it('should refuse weights that do not match the features, and say how to rebuild', () => {
    const broken: LatinLanguageModel = { ...LATIN_LANGUAGE_MODEL, weights: { ...LATIN_LANGUAGE_MODEL.weights, sv: [1, 2] } };
    expect(() => new LatinLanguageScorer(broken)).toThrow(/2 weights for sv .* npm run build:language-model/);
  });
});
