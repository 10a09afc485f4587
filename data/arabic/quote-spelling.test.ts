import { describe, expect, it } from 'vitest';
import { arabicQuoteForm, vowelsAgree } from './quote-spelling.js';

const letters = (text: string) => arabicQuoteForm(text).letters;

describe('when Uthmani and modern spelling of the same words are compared', () => {
  it('should read them as the same letters', () => {
    const pairs: [string, string][] = [
      ['ذَٰلِكَ ٱلۡكِتَٰبُ لَا رَيۡبَۛ فِيهِۛ', 'ذَٰلِكَ الْكِتَابُ لَا رَيْبَ فِيهِ'],
      ['ٱلصَّلَوٰةَ', 'الصَّلَاةَ'],
      ['ٱلۡمَوَٰزِينَ', 'الْمَوَازِينَ'],
      ['ءَامَنُواْ', 'آمَنُوا'],
      ['بِٱلۡأٓخِرَةِ', 'بِالْآخِرَةِ'],
      ['ٱلسَّمَٰوَٰتِ', 'السَّمَاوَاتِ'],
      ['يَٰٓأَيُّهَا', 'يَا أَيُّهَا'],
      ['إِنَّهُۥ', 'إِنَّهُ'],
      ['فَسۡـَٔلُوٓاْ', 'فَاسْأَلُوا'],
      ['مَسۡـُٔولٗا', 'مَسْؤُولًا'],
      ['أُوْلَٰٓئِكَ', 'أولئك'],
      ['فَإِلَٰهُكُمۡ', 'فإلهكم'],
      ['ٱلرَّحۡمَٰنِ', 'الرحمن'],
    ];
    for (const [uthmani, modern] of pairs) expect(letters(uthmani), `${uthmani} / ${modern}`).toBe(letters(modern));
  });
  it('should keep different words apart', () => {
    expect(letters('الموزين')).not.toBe(letters('ٱلۡمَوَٰزِينَ'));
    expect(letters('يَقُل')).not.toBe(letters('يَقُولَ'));
    expect(letters('ولا إكراه')).not.toBe(letters('لَآ إِكۡرَاهَ'));
  });
  it('should keep the vowel of each letter, tanween on the alef moved to its letter', () => {
    const verse = arabicQuoteForm('نَفۡسٌ');
    expect(verse.letters).toBe('نفس');
    expect(vowelsAgree(arabicQuoteForm('نَفْسٌ').vowels, verse.vowels, 0)).toBe(true);
    expect(vowelsAgree(arabicQuoteForm('نَفْساً').vowels.slice(0, 3), arabicQuoteForm('نَفۡسًا').vowels, 0)).toBe(true);
    expect(vowelsAgree(arabicQuoteForm('نَفْسًا').vowels, verse.vowels, 0)).toBe(false);
    // A quote written without marks agrees with any.
    expect(vowelsAgree(arabicQuoteForm('نفس').vowels, verse.vowels, 0)).toBe(true);
  });
  it('should read the Uthmani small meem of iqlab as tanween', () => {
    expect(vowelsAgree(arabicQuoteForm('سَمِيعٌ').vowels, arabicQuoteForm('سَمِيعُۢ').vowels, 0)).toBe(true);
  });
});
