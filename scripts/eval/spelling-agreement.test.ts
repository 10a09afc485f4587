import { describe, expect, it } from 'vitest';
import { createArabicAnalyzer } from '../../data/search/analysis/arabic-analyzer.js';
import { quoteMatches } from '../../data/answer-check/quote-check.js';
import { flaggedModernQuotes, measureSpellingAgreement, modernVersesOfPassage } from './spelling-agreement.js';

const analyzer = createArabicAnalyzer();
const indexOf = (ref: { surah: number; ayah: number }) => (ref.surah - 1) * 1000 + ref.ayah - 1;
const parseRange = (id: string) => {
  const [surah, from, to] = id.split(/[:-]/).map(Number) as [number, number, number];
  return { surah, from, to };
};

describe('when reading a QPC passage as modern verses', () => {
  it('should give one verse per sentence with its index', () => {
    expect(modernVersesOfPassage('1:1-2\tبسم الله الرحمن الرحيم. الحمد لله رب العالمين.', parseRange, indexOf)).toEqual([
      { index: 0, text: 'بسم الله الرحمن الرحيم' },
      { index: 1, text: 'الحمد لله رب العالمين' },
    ]);
  });
  it('should refuse a passage whose sentences do not match its verse range', () => {
    expect(() => modernVersesOfPassage('1:1-3\tبسم الله الرحمن الرحيم.', parseRange, indexOf)).toThrow(/1 sentences for 3 verses/);
    expect(() => modernVersesOfPassage('no tab here', parseRange, indexOf)).toThrow(/not a QPC line/);
  });
});

describe('when measuring spelling agreement', () => {
  it('should count differing verses and keys and name the pairs', () => {
    const uthmani = ['قال يقوم اعبدوا الله', 'الحمد لله رب العلمين', 'والليل اذا يغشي', 'اسرءيل'];
    const modern = [
      { index: 0, text: 'قال قوم اعبدوا الله' }, // vocative missing on one side: key differs
      { index: 1, text: 'الحمد لله رب العالمين' }, // skeleton agrees
      { index: 2, text: 'والليل إذا يغشى' }, // agrees
      { index: 3, text: 'بني إسرائيل' }, // one more key: counted, not compared
    ];
    const r = measureSpellingAgreement(modern, uthmani, analyzer);
    expect(r).toMatchObject({ verses: 4, versesDiffering: 2, keyCountDiffers: 1, keysDiffering: 1 });
    expect(r.keysCompared).toBe(3 + 4 + 2);
    expect(r.topPairs).toEqual([{ modern: 'قوم', uthmani: 'يقوم', count: 1 }]);
  });
  it('should refuse a verse index the Uthmani track does not have', () => {
    expect(() => measureSpellingAgreement([{ index: 9, text: 'قال' }], ['قال'], analyzer)).toThrow(/index 9/);
  });
});

describe('when quoting every verse in modern spelling', () => {
  it('should list the verses whose correct quote the quote check would flag', () => {
    const uthmani = ['وَٱلَّيۡلِ إِذَا يَغۡشَىٰ', 'فَمَن بَدَّلَهُۥ بَعۡدَ مَا سَمِعَهُۥ'];
    const modern = [
      { index: 0, text: 'والليل إذا يغشى' },
      { index: 1, text: 'فمن بدله بعدما سمعه' }, // modern spelling joins بعدما
    ];
    expect(flaggedModernQuotes(modern, uthmani, quoteMatches)).toEqual([1]);
  });
});
