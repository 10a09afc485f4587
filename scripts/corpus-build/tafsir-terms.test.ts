import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readQuranJson } from './quran-json-source.js';
import { EXPLANATION_SOURCE_DIR } from './tanzil-explanation-source.js';
import { commentaryWords, distinctiveTerms, formatTafsirTerms, parseTafsirTerms, readTafsirTerms, TafsirTermsFileError } from './tafsir-terms.js';

describe('when the words of the commentaries are drawn for each verse', () => {
  it('should key them as search does and leave out a chain of narrators', () => {
    // «حدثنا … عن ابن عباس» carries no meaning a visitor asks about; short words go too.
    expect(commentaryWords('حدثنا محمد بن بشار عن ابن عباس قال: نهى عن الغِيبة والتجسُّس في الآية')).toEqual(['بشار', 'نهي', 'الغيبه', 'والتجسس']);
  });
  it("should keep the words that mark a verse's commentary apart from every other verse's", () => {
    const terms = distinctiveTerms([['الصلاة الصلاة الزكاة الرحمة'], ['الغيبة الغيبة التجسس الرحمة', 'الغيبة الرحمة'], ['الرحمة الجزية']], 2);
    // الرحمة is in every verse's commentary (no weight); a word used more often ranks first.
    expect(terms).toEqual([['الصلاه', 'الزكاه'], ['الغيبه', 'التجسس'], ['الجزيه']]);
  });
});

describe('when the kept file is written and read back', () => {
  const counts = [2, 1];
  const header = ['derived words', 'from four works'];
  it('should give back each verse its words, in mushaf order', () => {
    const text = formatTafsirTerms([['الغيبه', 'التجسس'], [], ['الجزيه']], counts, header);
    expect(text).toBe('# derived words\n# from four works\n1|1|الغيبه التجسس\n1|2|\n2|1|الجزيه\n');
    expect(parseTafsirTerms(text, counts)).toEqual(['الغيبه التجسس', '', 'الجزيه']);
  });
  it('should refuse a misplaced, missing or malformed verse, naming its line', () => {
    expect(() => parseTafsirTerms('1|1|ا\n2|1|ب\n', counts, 'x.txt')).toThrow(/x\.txt, line 2: 2:1 where 1:2 belongs/);
    expect(() => parseTafsirTerms('1|1|ا\n1|2|ب\n', counts, 'x.txt')).toThrow(/has 2 verses, the corpus 3; derive it again/);
    expect(() => parseTafsirTerms('1|1|<b>\n', counts, 'x.txt')).toThrow(TafsirTermsFileError);
    expect(() => formatTafsirTerms([['ا']], counts, header)).toThrow(/1 verses of words for a corpus of 3 verses/);
  });
  it('should hold ten words for each of the 6,236 verses in the kept file', async () => {
    const verseCounts = (await readQuranJson()).surahs.map((s) => s.arabic.length);
    const words = await readTafsirTerms(verseCounts, EXPLANATION_SOURCE_DIR);
    expect(words).toHaveLength(6236);
    expect(words.filter((w) => w.split(' ').length === 10).length).toBeGreaterThan(6200);
    // 49:12, on backbiting and spying: its commentaries name both.
    expect(words[verseCounts.slice(0, 48).reduce((a, b) => a + b, 0) + 11]!.split(' ')).toEqual(expect.arrayContaining(['الغيبه', 'التجسس']));
    await expect(readTafsirTerms(verseCounts, join(EXPLANATION_SOURCE_DIR, 'absent'))).rejects.toThrow(/restore it with git checkout/);
  });
});
