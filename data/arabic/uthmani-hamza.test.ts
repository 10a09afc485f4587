import { describe, expect, it } from 'vitest';
import { seatUthmaniHamza } from './uthmani-hamza.js';

/** The hamza letters of the result, in order (marks and other letters left out). */
const seats = (uthmani: string) => [...seatUthmaniHamza(uthmani.normalize('NFC'))].filter((c) => 'ءأؤئ'.includes(c)).join('');

describe('when seating Uthmani hamzas the modern way', () => {
  it.each([
    ['يَسۡـَٔلُونَكَ', 'أ', 'fatha after a sukun: يسألونك'],
    ['أَرَءَيۡتُمۡ', 'أأ', 'fatha after a fatha: أرأيتم'],
    ['ٱلسَّيِّـَٔاتِ', 'ئ', 'after a kasra, even before an alef: السيئات'],
    ['يَسۡتَهۡزِءُونَ', 'ئ', 'kasra before beats the damma: يستهزئون'],
    ['رَءُوفٞ', 'ؤ', 'damma after a fatha: رؤوف'],
    ['شَيۡـٔٗا', 'ئ', 'after a ي: شيئا'],
    ['تَسَآءَلُونَ', 'ء', 'after a long alef: تساءلون'],
    ['شَيۡءٖ', 'ء', 'final after a sukun: شيء'],
    ['ٱلۡقُرۡءَانُ', 'ء', 'a madda stays ء + alef for the normaliser: القرآن'],
    ['بِـَٔايَٰتِنَا', 'ء', 'a madda after a proclitic: بآياتنا'],
    ['أَءِذَا', 'أأ', 'after the question أ: أإذا'],
  ])('should seat %s as %s (%s)', (uthmani, expected) => {
    expect(seats(uthmani)).toBe(expected);
  });

  it('should leave word-initial and unvowelled (typed) hamzas alone', () => {
    expect(seatUthmaniHamza('ءَامَنُواْ')).toBe('ءَامَنُواْ');
    expect(seatUthmaniHamza('تساءلون عن شيء')).toBe('تساءلون عن شيء');
  });

  it('should keep the marks and drop only the hamza sign of a tatweel hamza', () => {
    const out = seatUthmaniHamza('يَسۡـَٔلُونَكَ'.normalize('NFC'));
    expect(out).not.toMatch(/[\u0640\u0654]/);
    expect(out.replace(/[\u064B-\u065F\u06E1]/g, '')).toBe('يسألونك');
  });
});
