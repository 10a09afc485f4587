import { describe, expect, it } from 'vitest';
import { normalizeArabic } from '../../arabic/arabic-normalize.js';
import { rootArabicWord, stemArabicWord } from './arabic-analyzer.js';
import { ARABIC_STEM_SPLIT_TABLE, ARABIC_STEM_SPLITS, SPLIT_KEY_MARK } from './arabic-stem-splits.js';

describe('when the light stemmer would fold a word onto an unrelated one', () => {
  it('should give the rarer meaning a key of its own in both the stem and the root index', () => {
    for (const [word, other] of [
      ['الغراب', 'الغرب'], // the crow, the west
      ['المسكين', 'تمسكوا'], // the poor, hold fast
      ['الزاني', 'وزنوا'], // the adulterer, weigh
    ] as const) {
      expect(stemArabicWord(word), word).not.toBe(stemArabicWord(other));
      expect(rootArabicWord(word), word).not.toBe(rootArabicWord(other));
    }
  });

  it('should list only words in the spelling the index and questions are normalised to, each once', () => {
    const words = Object.values(ARABIC_STEM_SPLIT_TABLE).flat();
    for (const w of words) expect(normalizeArabic(w), w).toBe(w);
    expect(new Set(words).size).toBe(words.length);
    expect(ARABIC_STEM_SPLITS.size).toBe(words.length);
  });

  it('should use keys that no text can produce (normalising removes their mark)', () => {
    for (const key of new Set(ARABIC_STEM_SPLITS.values())) {
      expect(key.startsWith(SPLIT_KEY_MARK)).toBe(true);
      expect(normalizeArabic(key)).not.toBe(key);
    }
  });
});
