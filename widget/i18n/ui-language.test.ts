import { beforeAll, describe, expect, it } from 'vitest';
import { directionOf, loadedUiText, loadUiText, resolveUiLang, starterQuestions, translator, UI_LANGS, type UiLang } from './ui-language.js';
import type { UiText } from './strings-en.js';
import { PLURALS_EN, STRINGS_EN, type PluralKey, type StringKey } from './strings-en.js';

const placeholders = (text: string): string[] => [...text.matchAll(/\{\w+\}/g)].map((m) => m[0]).sort();

/** Strings that read the same as English in a language by design (a loanword or shared name). */
const SAME_AS_ENGLISH: Readonly<Partial<Record<UiLang, readonly StringKey[]>>> = {
  fr: ['passage'],
  id: ['surahLabel'],
};

/** The script each language's interface text is written in (Latin for the rest). */
const SCRIPT: Readonly<Partial<Record<UiLang, RegExp>>> = {
  ar: /\p{Script=Arabic}/u,
  ur: /\p{Script=Arabic}/u,
  bn: /\p{Script=Bengali}/u,
  ru: /\p{Script=Cyrillic}/u,
  zh: /\p{Script=Han}/u,
};

describe('when resolving the UI language', () => {
  it('should accept every shipped language, with regions and any case', () => {
    expect(['en', 'ar-EG', 'UR', 'ur-PK', 'id-ID', 'tr', 'fr-CA', 'bn-BD', 'es-419', 'ru', 'sv-SE', 'zh-Hans', 'zh_CN'].map(resolveUiLang)).toStrictEqual([
      'en',
      'ar',
      'ur',
      'ur',
      'id',
      'tr',
      'fr',
      'bn',
      'es',
      'ru',
      'sv',
      'zh',
      'zh',
    ]);
  });
  it('should fall back to English for unknown or missing languages', () => {
    expect([undefined, null, '', 'de', 'xx-YY'].map(resolveUiLang)).toStrictEqual(['en', 'en', 'en', 'en', 'en']);
  });
  it('should lay Arabic and Urdu out right to left and the rest left to right', () => {
    expect(UI_LANGS.filter((l) => directionOf(l) === 'rtl')).toStrictEqual(['ar', 'ur']);
  });
});

beforeAll(async () => {
  await Promise.all(UI_LANGS.map(loadUiText));
});

describe.each(UI_LANGS.filter((l) => l !== 'en'))('when the interface is in %s', (lang) => {
  let text: UiText;
  beforeAll(async () => {
    text = await loadUiText(lang);
  });
  it('should have every key of the English table, non-empty, with the same placeholders', () => {
    expect(Object.keys(text.strings).sort()).toStrictEqual(Object.keys(STRINGS_EN).sort());
    for (const key of Object.keys(STRINGS_EN) as StringKey[]) {
      expect(text.strings[key].trim().length, key).toBeGreaterThan(0);
      expect(placeholders(text.strings[key]), key).toStrictEqual(placeholders(STRINGS_EN[key]));
    }
  });
  it('should be translated, not copied from English', () => {
    const same = (Object.keys(STRINGS_EN) as StringKey[]).filter((k) => text.strings[k] === STRINGS_EN[k]);
    expect(same).toStrictEqual(SAME_AS_ENGLISH[lang] ?? []);
  });
  it('should be written in the language’s script', () => {
    const script = SCRIPT[lang];
    if (!script) return;
    const notInScript = Object.entries(text.strings)
      .filter(([, s]) => !script.test(s))
      .map(([k]) => k);
    expect(notInScript).toStrictEqual([]);
    expect(text.starters.every((q) => script.test(q))).toBe(true);
  });
  it('should give either one form for every count or every plural category the language has', () => {
    const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories.slice().sort();
    for (const key of Object.keys(PLURALS_EN) as PluralKey[]) {
      const forms = text.plurals[key];
      const given = Object.keys(forms).sort();
      expect(given, key).toStrictEqual(given.length === 1 ? ['other'] : categories);
      expect(forms.other, key).toContain('{count}');
      // Besides {count}, every form fills exactly what the English one does ({surah}, {ref}).
      const english = placeholders(PLURALS_EN[key].other)
        .filter((p) => p !== '{count}')
        .sort();
      for (const form of Object.values(forms))
        expect(
          placeholders(form)
            .filter((p) => p !== '{count}')
            .sort(),
          key,
        ).toStrictEqual(english);
    }
  });
  it('should offer four distinct starter questions', () => {
    expect(new Set(text.starters).size).toBe(4);
  });
});

describe('when a language is needed', () => {
  it('should have English from the start and load each other table once, as its own module', async () => {
    expect(loadedUiText('en')?.strings.submit).toBe('Ask');
    const [a, b] = await Promise.all([loadUiText('sv'), loadUiText('sv')]);
    expect(a).toBe(b);
    expect(a.strings.submit).toBe('Fråga');
  });
});

describe('when looking up strings', () => {
  it('should fill placeholders and leave unknown ones as written', () => {
    const t = translator('en');
    expect(t('passage', { range: '2:148-158' })).toBe('Passage 2:148-158');
    expect(t('passage', {})).toBe('Passage {range}');
  });
  it('should choose the plural form through Intl.PluralRules', () => {
    const en = translator('en');
    expect(en('rateLimited', { count: 1 })).toBe('Too many questions right now. Please wait 1 second and try again. The verses are shown below.');
    expect(en('rateLimited', { count: 30 })).toBe('Too many questions right now. Please wait 30 seconds and try again. The verses are shown below.');
    const ru = translator('ru');
    expect([1, 3, 5, 21].map((count) => ru('rateLimited', { count }).match(/подождите (.+?) и/)?.[1])).toStrictEqual([
      '1 секунду',
      '3 секунды',
      '5 секунд',
      '21 секунду',
    ]);
    const ar = translator('ar');
    expect(ar('rateLimited', { count: 2 })).toContain('ثانيتين');
    expect(ar('rateLimited', { count: 5 })).toContain('ثوانٍ');
    expect(translator('fr')('versesFound', { count: 1 })).toBe('1 verset trouvé.');
    expect(translator('fr')('versesFound', { count: 12 })).toBe('12 versets trouvés.');
  });
  it('should format numbers for the language through Intl.NumberFormat', () => {
    expect(translator('bn')('loadProgress', { percent: 45 })).toBe('কুরআনের পাঠ ডাউনলোড হচ্ছে: ৪৫%');
    expect(translator('tr')('modelProgress', { percent: 7 })).toBe('Arama modeli yükleniyor: %7');
    expect(translator('fr')('versesFound', { count: 1500 })).toBe('1\u202f500 versets trouvés.');
  });
  it('should prefer a site owner’s replacement, for plain and counted strings', () => {
    const t = translator('ur', { strings: { submit: 'سوال بھیجیں' }, plurals: { versesFound: { other: '{count} آیات' } } });
    expect(t('submit')).toBe('سوال بھیجیں');
    expect(t('versesFound', { count: 3 })).toBe('3 آیات');
    expect(t('stop')).toBe('روکیں');
  });
  it('should give localised starter questions', () => {
    expect(starterQuestions('en')[0]).toBe('What does the Quran say about patience?');
    expect(starterQuestions('ar')[0]).toBe('ماذا يقول القرآن عن الصبر؟');
    expect(starterQuestions('ur')[0]).toBe('صبر کے بارے میں قرآن کیا کہتا ہے؟');
  });
});
