import { describe, expect, it, beforeAll } from 'vitest';
import { TRANSLATION_LANGS } from './corpus-types.js';
import { CorpusError } from './corpus-error.js';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { Corpus } from './corpus.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when the corpus is loaded', () => {
  it('should have 114 surahs whose verse counts sum to 6,236', () => {
    expect(corpus.surahs.length).toBe(114);
    expect(corpus.surahs.reduce((a, s) => a + s.verseCount, 0)).toBe(6236);
    expect(corpus.manifest.verseCount).toBe(6236);
  });

  it('should have 6,236 entries in every translation and the transliteration', () => {
    for (const lang of [...TRANSLATION_LANGS, 'translit'] as const) {
      const texts = corpus.trackTexts(lang);
      expect(texts.length, lang).toBe(6236);
      expect(texts.filter((t) => t.trim() === '').length, `${lang} empty verses`).toBe(0);
    }
  });

  it('should describe surahs with names, meaning, place and count', () => {
    expect(corpus.surah(1)).toMatchObject({
      nameArabic: 'الفاتحة',
      nameTransliterated: 'Al-Fatihah',
      nameEnglish: 'The Opener',
      revelation: 'meccan',
      verseCount: 7,
      firstVerseIndex: 0,
    });
    expect(corpus.surah(2)).toMatchObject({ verseCount: 286, revelation: 'medinan', firstVerseIndex: 7 });
    expect(corpus.surah(114)).toMatchObject({ verseCount: 6, firstVerseIndex: 6230 });
  });

  it('should look verses up by reference with Arabic and translation', () => {
    const v = corpus.verse({ surah: 2, ayah: 153 });
    expect(v.index).toBe(7 + 152);
    expect(v.translation).toMatch(/^O you who have believed, seek help through patience and prayer/);
    expect(v.arabicSearch.startsWith('يا ايها الذين امنوا استعينوا بالصبر والصلاه')).toBe(true);
    expect(v.arabic).not.toBe(v.arabicSearch);
    expect(corpus.refAt(6235)).toEqual({ surah: 114, ayah: 6 });
    expect(corpus.verse({ surah: 1, ayah: 1 }, 'fr').translation).toContain('Allah');
  });

  it('should refuse verses that do not exist', () => {
    expect(() => corpus.verse({ surah: 2, ayah: 287 })).toThrow(/surah 2 has 286 verses/);
    expect(() => corpus.verse({ surah: 115, ayah: 1 })).toThrow(CorpusError);
    expect(corpus.isValidRef({ surah: 108, ayah: 3 })).toBe(true);
    expect(corpus.isValidRef({ surah: 108, ayah: 4 })).toBe(false);
  });
});

describe('when reading rukus (thematic sections)', () => {
  it('should number 556 rukus in mushaf order without crossing a surah', () => {
    const ruku = corpus.rukuOfVerse();
    expect(ruku.length).toBe(6236);
    expect(ruku[0]).toBe(0);
    expect(ruku[6235]).toBe(555);
    // Al-Fatiha is ruku 0; Al-Baqarah's first ruku is 2:1-7, its second starts at 2:8.
    expect(ruku[corpus.indexOf({ surah: 1, ayah: 7 })]).toBe(0);
    expect(ruku[corpus.indexOf({ surah: 2, ayah: 7 })]).toBe(1);
    expect(ruku[corpus.indexOf({ surah: 2, ayah: 8 })]).toBe(2);
    for (const s of corpus.surahs.slice(1)) expect(ruku[s.firstVerseIndex], `surah ${s.number}`).toBe(ruku[s.firstVerseIndex - 1]! + 1);
  });

  it('should refuse a surah file without valid ruku starts, and say how to fix it', () => {
    const surahs = corpus.surahs.map((s) => (s.number === 2 ? { ...s, rukuStarts: [8, 21] } : s));
    const parts = {
      manifest: corpus.manifest,
      surahs: { surahs },
      arabic: { track: 'arabic' as const, name: 'arabic', texts: corpus.trackTexts('arabic') },
    };
    expect(() => new Corpus(parts)).toThrow(/surah 2 has no valid ruku starts .*npm run build:corpus/);
  });
});

describe('when finding a surah by name', () => {
  it.each([
    ['Al-Fatiha', 1],
    ['Fatihah', 1],
    ['al-Fātiḥah', 1],
    ['الفاتحة', 1],
    ['Surah Al-Fatihah', 1],
    ['Yasin', 36],
    ['Ya-Sin', 36],
    ['يس', 36],
    ['Al-Baqarah', 2],
    ['baqara', 2],
    ['Al Imran', 3],
    ['Ar-Rahman', 55],
    ['Rahman', 55],
    ['al-Ikhlas', 112],
    ['An-Nas', 114],
    ['The Cow', 2],
    ['36', 36],
  ])('should resolve %s to surah %i', (name, n) => {
    expect(corpus.findSurah(name).number).toBe(n);
  });

  it('should explain an unknown name', () => {
    expect(() => corpus.findSurah('Hogwarts')).toThrow(/no surah is called "Hogwarts"/);
  });
});

describe('when parsing references', () => {
  it.each([
    ['2:153', { surah: 2, from: 153, to: 153 }],
    ['2:153-157', { surah: 2, from: 153, to: 157 }],
    ['[2:153]', { surah: 2, from: 153, to: 153 }],
    ['Al-Baqarah 2:153', { surah: 2, from: 153, to: 153 }],
    ['Q 2:153', { surah: 2, from: 153, to: 153 }],
    ['2/153', { surah: 2, from: 153, to: 153 }],
    [' 2 : 153 – 157 ', { surah: 2, from: 153, to: 157 }],
    ['108:3', { surah: 108, from: 3, to: 3 }],
  ])('should parse %s', (input, expected) => {
    expect(corpus.parseRef(input)).toEqual(expected);
  });

  it.each([
    ['0:1', 'surah-out-of-range', /surah 0 does not exist/],
    ['115:1', 'surah-out-of-range', /surahs are numbered 1 to 114/],
    ['2:287', 'ayah-out-of-range', /surah 2 has 286 verses/],
    ['2:5-3', 'range-reversed', /ends before it starts/],
    ['2:280-290', 'ayah-out-of-range', /cannot end at 290/],
    ['hello', 'invalid-format', /not a verse reference/],
    ['', 'invalid-format', /not a verse reference/],
    ['Al-Fatiha 2:153', 'invalid-format', /is surah 1, not 2/],
  ])('should refuse %s with %s', (input, code, message) => {
    try {
      corpus.parseRef(input);
      expect.unreachable(`${input} parsed`);
    } catch (e) {
      expect(e).toBeInstanceOf(CorpusError);
      expect((e as CorpusError).code).toBe(code);
      expect((e as CorpusError).message).toMatch(message);
    }
  });
});
