import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../testing/test-corpus.js';
import type { Corpus } from '../../corpus/corpus.js';
import { routeQuery } from './query-router.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});
const route = (q: string) => routeQuery(q, corpus);
const verse = (surah: number, from: number, to = from) => ({ kind: 'reference', ranges: [{ surah, from, to }] });

describe('when the query is a verse reference', () => {
  it.each([
    ['2:255', verse(2, 255)],
    ['[2:255]', verse(2, 255)],
    ['2:255-257', verse(2, 255, 257)],
    ['Al-Baqarah 2:255', verse(2, 255)],
    ['Al-Baqarah 255', verse(2, 255)],
    ['Surah Baqarah verse 255', verse(2, 255)],
    ['yasin 1-5', verse(36, 1, 5)],
    ['البقرة ٢٥٥', verse(2, 255)],
    ['سورة البقرة آية 255', verse(2, 255)],
    ['Surah 2 verse 255', verse(2, 255)],
    ['surah 36, ayah 1-5', verse(36, 1, 5)],
    ['سورة 2 آية 255', verse(2, 255)],
  ])('should route "%s" straight to the verses', (q, expected) => {
    expect(route(q)).toEqual(expected);
  });
  it.each([
    ['and 2:255?', [{ surah: 2, from: 255, to: 255 }]],
    ['what does the quran say in 2:153?', [{ surah: 2, from: 153, to: 153 }]],
    [
      'compare 2:153 and 3:200',
      [
        { surah: 2, from: 153, to: 153 },
        { surah: 3, from: 200, to: 200 },
      ],
    ],
    ['explain 94:5-6 please', [{ surah: 94, from: 5, to: 6 }]],
  ])('should route the reference inside "%s"', (q, ranges) => {
    expect(route(q)).toEqual({ kind: 'reference', ranges });
  });
  it('should not read a decimal number in a sentence as a reference', () => {
    expect(route('is 2.5 percent zakah mentioned')).toBeUndefined();
  });
  it('should answer an embedded reference to a verse that does not exist with the reason', () => {
    expect(route('what about 2:999?')).toEqual({
      kind: 'invalid',
      reason: 'surah 2 has 286 verses; ayah 999 does not exist',
      missing: { surah: 2, ref: '2:999' },
    });
  });
  it('should answer a reference to a verse that does not exist with the reason', () => {
    expect(route('2:300')).toEqual({ kind: 'invalid', reason: 'surah 2 has 286 verses; ayah 300 does not exist', missing: { surah: 2, ref: '2:300' } });
    expect(route('Al-Fatiha 9')).toEqual({ kind: 'invalid', reason: 'surah 1 has 7 verses; 1:9 does not exist', missing: { surah: 1, ref: '1:9' } });
    expect(route('Surah 2 verse 300')).toEqual({
      kind: 'invalid',
      reason: 'surah 2 has 286 verses; 2:300 does not exist',
      missing: { surah: 2, ref: '2:300' },
    });
    expect(route('Surah 115 verse 1')).toEqual({
      kind: 'invalid',
      reason: 'surah 115 does not exist; surahs are numbered 1 to 114',
      missing: { surah: 115, ref: '115' },
    });
    expect(route('[200 : 01]')).toEqual({
      kind: 'invalid',
      reason: 'surah 200 does not exist; surahs are numbered 1 to 114',
      missing: { surah: 200, ref: '200:1' },
    });
    expect(route('2:280-290')).toEqual({
      kind: 'invalid',
      reason: 'surah 2 has 286 verses; the range cannot end at 290',
      missing: { surah: 2, ref: '2:280-290' },
    });
  });
  it('should not call a reversed range missing: its verses exist, it is written the wrong way round', () => {
    expect(route('2:10-5')).toEqual({ kind: 'invalid', reason: 'the range 2:10-5 ends before it starts; write 2:5-10' });
    expect(route('Al-Fatiha 5-3')).toEqual({ kind: 'invalid', reason: 'surah 1 has 7 verses; 1:5-3 does not exist' });
  });
});

describe('when the query names a famous verse', () => {
  it('should route Ayat al-Kursi and آية الكرسي to 2:255, keeping the name', () => {
    expect(route('Ayat al-Kursi')).toEqual({ ...verse(2, 255), name: 'Ayat al-Kursi (the Throne Verse)' });
    expect(route('آية الكرسي')).toMatchObject(verse(2, 255));
    expect(route('verse of light')).toMatchObject(verse(24, 35));
    expect(route('last two verses of al-Baqarah')).toMatchObject(verse(2, 285, 286));
  });
});

describe('when the query names a surah', () => {
  it.each([
    ['Surah Yasin', 36],
    ['al-Fatiha', 1],
    ['Fatiha', 1],
    ['سورة يس', 36],
    ['سورة الإخلاص', 112],
    ['Surah al-Ikhlas', 112],
    ['Surah 36', 36],
    ['Surah The Cow', 2],
    ['Surah Sad', 38],
    ['Yusuf', 12],
    ['ya sin', 36],
    ['Ta-Ha', 20],
  ])('should route "%s" to surah %i', (q, surah) => {
    expect(route(q)).toEqual({ kind: 'surah', surah });
  });
  // Urdu writes "Surah" with heh goal or teh marbuta goal (سورہ, سورۃ), as the Urdu interface does.
  it.each([
    ['سورہ یس', 36],
    ['سورۃ یس', 36],
    ['سورہ الرحمن', 55],
    ['سورہ فاتحہ', 1],
    ['سورہ 36', 36],
    // Urdu writes the letter names out.
    ['سورہ یٰسین', 36],
    ['سورہ یسین', 36],
    ['سورہ طٰہٰ', 20],
  ])('should route the Urdu "%s" to surah %i', (q, surah) => {
    expect(route(q)).toEqual({ kind: 'surah', surah });
  });
  it('should refuse a surah number that does not exist', () => {
    expect(route('Surah 115')).toEqual({
      kind: 'invalid',
      reason: 'surah 115 does not exist; surahs are numbered 1 to 114',
      missing: { surah: 115, ref: '115' },
    });
  });
});

describe('when the query should be searched', () => {
  it.each([
    'patience and prayer',
    'The Cow',
    'sad',
    'Muhammad',
    'light',
    'النور',
    'what is the meaning of life',
    'Surah of patience',
    '',
    '2 255',
    'give 5 of 40',
  ])('should not route "%s"', (q) => {
    expect(route(q)).toBeUndefined();
  });
});
