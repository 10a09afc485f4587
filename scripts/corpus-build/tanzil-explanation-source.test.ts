import { describe, expect, it } from 'vitest';
import { EXPLANATION_FILES, parseTanzilVerseTexts, readTanzilExplanation, TanzilFileError, unescapeXml } from './tanzil-explanation-source.js';

const COUNTS = [2, 1];
const xml = (body: string) => `<?xml version="1.0" encoding="utf-8" ?>\n<quran>\n${body}\n</quran>\n<!-- terms -->`;
const GOOD = `<sura index="1" name="الفاتحة">\n<aya index="1" text="أول &quot;تفسير&quot;"/>\n<aya index="2" text="  ثان\n  مطوي "/>\n</sura>\n<sura index="2" name="ب">\n<aya index="1" text="ثالث &#1575;"/>\n</sura>`;

describe('when a Tanzil explanation file is read', () => {
  it('should give one cleaned text per verse in mushaf order', () => {
    expect(parseTanzilVerseTexts(xml(GOOD), COUNTS)).toEqual(['أول "تفسير"', 'ثان مطوي', 'ثالث ا']);
  });
  it('should refuse a surah with a verse missing, naming the surah and the line', () => {
    const missing = GOOD.replace('<aya index="2" text="  ثان\n  مطوي "/>', '');
    expect(() => parseTanzilVerseTexts(xml(missing), COUNTS, 'x.xml')).toThrow(/x\.xml: surah 1 has 1 verses, the corpus 2 \(line \d+\)/);
  });
  it('should refuse verses out of order, an empty text, a missing surah and an unknown entity', () => {
    expect(() => parseTanzilVerseTexts(xml(GOOD.replace('<aya index="2"', '<aya index="3"')), COUNTS)).toThrow(/verse 1:3 follows 1:1/);
    expect(() => parseTanzilVerseTexts(xml(GOOD.replace('ثالث &#1575;', ' ')), COUNTS)).toThrow(/verse 2:1 has an empty text/);
    expect(() => parseTanzilVerseTexts(xml(GOOD), [2, 1, 5])).toThrow(/has 2 surahs, the corpus 3/);
    expect(() => parseTanzilVerseTexts(xml(GOOD.replace('&quot;', '&nbsp;')), COUNTS)).toThrow(TanzilFileError);
  });
  it('should unescape character references and the five XML entities only', () => {
    expect(unescapeXml('&lt;&amp;&gt;&apos;&#x627;')).toBe("<&>'ا");
    expect(() => unescapeXml('&copy;')).toThrow(/unknown XML entity &copy;/);
  });
  it('should read the vendored Tafsir al-Jalalayn in full, and say how to restore a missing file', async () => {
    const counts = [
      7, 286, 200, 176, 120, 165, 206, 75, 129, 109, 123, 111, 43, 52, 99, 128, 111, 110, 98, 135, 112, 78, 118, 64, 77, 227, 93, 88, 69, 60, 34, 30, 73, 54,
      45, 83, 182, 88, 75, 85, 54, 53, 89, 59, 37, 35, 38, 29, 18, 45, 60, 49, 62, 55, 78, 96, 29, 22, 24, 13, 14, 11, 11, 18, 12, 12, 30, 52, 52, 44, 28, 28,
      20, 56, 40, 31, 50, 40, 46, 42, 29, 19, 36, 25, 22, 17, 19, 26, 30, 20, 15, 21, 11, 8, 8, 19, 5, 8, 8, 11, 11, 8, 3, 9, 5, 4, 7, 3, 6, 3, 5, 4, 5, 6,
    ];
    const texts = await readTanzilExplanation(EXPLANATION_FILES.ar, counts);
    expect(texts).toHaveLength(6236);
    expect(texts.every((t) => t.length > 0)).toBe(true);
    await expect(readTanzilExplanation('absent.xml', counts)).rejects.toThrow(/restore it with git checkout/);
  });
});
