import { describe, expect, it } from 'vitest';
import { parseClaimedSource, scanArabicCitation } from './arabic-citation.js';
import { parseAnswerMarkdown, parseInline, type InlineNode } from './markdown-subset.js';

/** The inline nodes of a one-paragraph answer, as the widget parses it with the corpus's surah names. */
const inline = (text: string): InlineNode[] => {
  const [block] = parseAnswerMarkdown(text, { surahNamed });
  return block && block.type === 'paragraph' ? [...block.children] : [];
};

const NAMES: Record<string, number> = { البقرة: 2, 'آل عمران': 3, النساء: 4, الإسراء: 17, الأحزاب: 33 };
const surahNamed = (name: string) => NAMES[name];

describe('when an answer cites a verse the Arabic way', () => {
  it('should read the bracketed forms', () => {
    expect(scanArabicCitation('(البقرة: 153)', 0, surahNamed)).toEqual({ end: 13, surah: 2, from: 153, to: 153 });
    expect(scanArabicCitation('[البقرة 153]', 0, surahNamed)).toMatchObject({ surah: 2, from: 153, to: 153 });
    expect(scanArabicCitation('(سورة آل عمران: الآيات ١٩٠-١٩١)', 0, surahNamed)).toMatchObject({ surah: 3, from: 190, to: 191 });
  });
  it('should read «سورة البقرة، الآية 153» in running text, and a range written with إلى', () => {
    expect(scanArabicCitation('سورة البقرة، الآية 153 تقول', 0, surahNamed)).toMatchObject({ end: 22, surah: 2, from: 153, to: 153 });
    expect(scanArabicCitation('سورة النساء آية 5 إلى 7', 0, surahNamed)).toMatchObject({ surah: 4, from: 5, to: 7 });
  });
  it('should not take an unknown name, a missing number or an unclosed bracket for a citation', () => {
    expect(scanArabicCitation('(الكهف: 10)', 0, surahNamed)).toBeUndefined();
    expect(scanArabicCitation('سورة البقرة نقرأ فيها', 0, surahNamed)).toBeUndefined();
    expect(scanArabicCitation('(البقرة: 153', 0, surahNamed)).toBeUndefined();
    expect(scanArabicCitation('البقرة: 153', 0, surahNamed)).toBeUndefined();
  });
  it('should make them citations of the answer, checked like [2:153]', () => {
    expect(inline('قال تعالى ﴿إن الله مع الصابرين﴾ (البقرة: 153).')).toContainEqual({ type: 'citation', raw: '(البقرة: 153)', surah: 2, from: 153, to: 153 });
    expect(inline('كما في سورة الإسراء، الآية 23')).toContainEqual({ type: 'citation', raw: 'سورة الإسراء، الآية 23', surah: 17, from: 23, to: 23 });
    // Without a way to name surahs (a caller without the corpus) the text stays text.
    expect(parseInline('(البقرة: 153)')).toStrictEqual([{ type: 'text', text: '(البقرة: 153)' }]);
  });
  it('should read no citation from a run of names that never closes', () => {
    const hostile = `(${'البقرة '.repeat(2000)}`;
    expect(inline(hostile)).toStrictEqual([{ type: 'text', text: hostile.trim() }]);
  });
});

describe('when a claimed source is read as a whole', () => {
  const verseCount = (surah: number) => (surah === 4 ? 176 : 286);
  it('should read names, the numeric form and a source that names no verse', () => {
    expect(parseClaimedSource('البقرة: 31', surahNamed, verseCount)).toEqual({ surah: 2, from: 31, to: 31 });
    expect(parseClaimedSource('سورة الأحزاب، الآية 33', surahNamed, verseCount)).toEqual({ surah: 33, from: 33, to: 33 });
    expect(parseClaimedSource('سورة الإسراء الآية 23', surahNamed, verseCount)).toEqual({ surah: 17, from: 23, to: 23 });
    expect(parseClaimedSource('آية 2:255 من القرآن الكريم', surahNamed, verseCount)).toEqual({ surah: 2, from: 255, to: 255 });
    expect(parseClaimedSource('البخاري: 2977', surahNamed, verseCount)).toBeUndefined();
  });
  it('should read the number before the surah, and a surah named alone as all its verses', () => {
    expect(parseClaimedSource('الآية 32 من سورة الإسراء', surahNamed, verseCount)).toEqual({ surah: 17, from: 32, to: 32 });
    expect(parseClaimedSource('سورة النساء', surahNamed, verseCount)).toEqual({ surah: 4, from: 1, to: 176 });
  });
});
