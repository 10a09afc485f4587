import { describe, expect, it } from 'vitest';
import { findNamedVerse, foldForNames } from './named-verses.js';

const rangesOf = (q: string) => findNamedVerse(q)?.ranges;

describe('when a query names a famous verse', () => {
  it.each([
    'Ayat al-Kursi',
    'ayatul kursi',
    'Ayat ul-Kursi',
    'AYAT AL KURSI',
    'ayah al-kursi',
    'Ayetel Kürsi',
    'the Throne Verse',
    'verse of the throne',
    'آية الكرسي',
    'اية الكرسي',
    'What is the virtue of Ayat al-Kursi?',
  ])('should find 2:255 for "%s"', (q) => {
    expect(rangesOf(q)).toEqual([{ surah: 2, from: 255, to: 255 }]);
  });
  it.each(['Ayat an-Nur', 'ayatun nur', 'verse of light', 'the Light Verse', 'آية النور'])('should find 24:35 for "%s"', (q) => {
    expect(rangesOf(q)).toEqual([{ surah: 24, from: 35, to: 35 }]);
  });
  it.each(['last two verses of al-Baqarah', 'Last 2 verses of Surah Baqarah', 'خواتيم سورة البقرة', 'آخر آيتين من سورة البقرة', 'Amana ar-Rasul'])(
    'should find 2:285-286 for "%s"',
    (q) => {
      expect(rangesOf(q)).toEqual([{ surah: 2, from: 285, to: 286 }]);
    },
  );
  it.each([
    ['Bismillah', 1, 1],
    ['bismillahir rahmanir rahim', 1, 1],
    ['the basmalah', 1, 1],
    ["Inna lillahi wa inna ilayhi raji'un", 2, 156],
    ['إنا لله وإنا إليه راجعون', 2, 156],
    ['Rabbana atina fid dunya hasanah', 2, 201],
    ["hasbunallah wa ni'mal wakeel", 3, 173],
    ['حسبنا الله ونعم الوكيل', 3, 173],
  ])('should find the famous phrase "%s" at %i:%i', (q, surah, ayah) => {
    expect(rangesOf(q)).toEqual([{ surah, from: ayah, to: ayah }]);
  });
  it('should find the verse of debt and the surahs of refuge', () => {
    expect(rangesOf('Ayat ad-Dayn')).toEqual([{ surah: 2, from: 282, to: 282 }]);
    expect(rangesOf("al-Mu'awwidhatayn")?.map((r) => r.surah)).toEqual([113, 114]);
    expect(rangesOf('the three Quls')?.map((r) => r.surah)).toEqual([112, 113, 114]);
  });
});

describe('when a query names no famous verse', () => {
  it.each([
    'patience and prayer',
    'the verses about light and darkness',
    'throne of Bilqis',
    'ayat about religion',
    'الصبر',
    'why do we say bismillah before eating',
    'بسم الله',
  ])('should find nothing for "%s"', (q) => {
    expect(findNamedVerse(q)).toBeUndefined();
  });
  it('should fold accents, apostrophes and punctuation', () => {
    expect(foldForNames("  Āyat al-Kursī's! ")).toBe('ayat al kursis');
  });
});
