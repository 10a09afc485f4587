import { describe, expect, it, beforeAll } from 'vitest';
import { normalizeArabic, hasArabicScript } from './arabic-normalize.js';
import { loadTestCorpus } from '../testing/test-corpus.js';
import type { Corpus } from '../corpus/corpus.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});
const norm = (s: number, a: number) => normalizeArabic(corpus.verse({ surah: s, ayah: a }).arabic);

describe('normalizeArabic on real Uthmani verses (hand-checked)', () => {
  it.each([
    [1, 1, 'بسم الله الرحمن الرحيم'],
    [1, 2, 'الحمد لله رب العلمين'],
    [1, 7, 'صرط الذين انعمت عليهم غير المغضوب عليهم ولا الضالين'],
    [2, 2, 'ذلك الكتب لا ريب فيه هدي للمتقين'],
    [9, 1, 'براءه من الله ورسوله الي الذين عهدتم من المشركين'],
    [112, 1, 'قل هو الله احد'],
    [36, 1, 'يس'],
    [19, 1, 'كهيعص'],
    [18, 1, 'الحمد لله الذي انزل علي عبده الكتب ولم يجعل له عوجا'],
    [2, 245, 'من ذا الذي يقرض الله قرضا حسنا فيضعفه له اضعافا كثيره والله يقبض ويبسط واليه ترجعون'],
    [
      3,
      7,
      'هو الذي انزل عليك الكتب منه ايت محكمت هن ام الكتب واخر متشبهت فاما الذين في قلوبهم زيغ فيتبعون ما تشبه منه ابتغاء الفتنه وابتغاء تاويله وما يعلم تاويله الا الله والرسخون في العلم يقولون امنا به كل من عند ربنا وما يذكر الا اولوا الالبب',
    ],
    [
      4,
      1,
      'يا ايها الناس اتقوا ربكم الذي خلقكم من نفس واحده وخلق منها زوجها وبث منهما رجالا كثيرا ونساء واتقوا الله الذي تساءلون به والارحام ان الله كان عليكم رقيبا',
    ],
  ])('should normalise %i:%i', (s, a, expected) => {
    expect(norm(s, a)).toBe(expected);
  });

  it('should leave only plain Arabic letters and spaces across all 6,236 verses', () => {
    const chars = new Set(corpus.trackTexts('arabic').map(normalizeArabic).join(''));
    const allowed = new Set(' ءابتثجحخدذرزسشصضطظعغفقكلمنهوي');
    expect([...chars].filter((c) => !allowed.has(c))).toEqual([]);
  });

  it('should be idempotent on every verse', () => {
    const once = corpus.trackTexts('arabic').map(normalizeArabic);
    expect(once.filter((t) => normalizeArabic(t) !== t).length).toBe(0);
  });

  it('should match the stored search form for every verse', () => {
    const ar = corpus.trackTexts('arabic');
    const search = corpus.trackTexts('arabic-search');
    expect(ar.filter((t, i) => normalizeArabic(t) !== search[i]).length).toBe(0);
  });
});

describe('normalizeArabic where the Uthmani letters differ from modern spelling', () => {
  const word = (s: number, a: number, i: number) => normalizeArabic(corpus.verse({ surah: s, ayah: a }).arabic.split(' ')[i]!);
  it.each([
    ['the joined vocative يَٰقَوۡمِ', 2, 54, 4, 'يا قوم'],
    ['the joined vocative before a hamza on a tatweel, يَـٰٓـَٔادَمُ', 2, 33, 1, 'يا ادم'],
    ['ىٰ inside a word, أَدۡرَىٰكَ', 69, 3, 1, 'ادراك'],
    ['a small ya inside a word, إِبۡرَٰهِـۧمَ', 2, 124, 2, 'ابرهيم'],
    ['a small ya inside a word, ٱلنَّبِيِّـۧنَ', 2, 61, 51, 'النبيين'],
    ['وَٰ at a word start, وَٰحِدَةٗ', 2, 213, 3, 'واحده'],
    ['a hamza on a tatweel, seated by its kasra (أفئدتهم), وَأَفۡـِٔدَتُهُمۡ', 14, 43, 7, 'وافيدتهم'],
    ['a bare hamza, seated by its fatha (أرأيتم), أَرَءَيۡتُمۡ', 10, 59, 1, 'ارايتم'],
    ['a bare hamza, seated by its kasra (يستهزئون), يَسۡتَهۡزِءُونَ', 6, 5, 11, 'يستهزيون'],
    ['the one-lam ٱلَّيۡلِ', 3, 190, 6, 'الليل'],
    ['the one-lam ٱلَّـٰتِي', 4, 15, 0, 'واللتي'],
    ['the one-lam dual ٱلَّذَانِ', 4, 16, 0, 'واللذان'],
    ['ها joined to أنتم, هَـٰٓأَنتُمۡ', 3, 66, 0, 'ها انتم'],
    ['a ص with a small sin, وَيَبۡصُۜطُ', 2, 245, 13, 'ويبسط'],
    ['a word with a thin space before its marks, فَٱدَّـٰرَ ٰٔتُمۡ', 2, 72, 3, 'فادرتم'],
    ['a silent وٰ for a long a, ٱلصَّلَوٰةَ', 2, 3, 4, 'الصلاه'],
    ['a silent وٰ and its alef, ٱلرِّبَوٰاْ', 2, 275, 2, 'الربا'],
  ])('should rewrite %s (%i:%i word %i) as %s', (_, s, a, i, expected) => {
    expect(word(s, a, i)).toBe(expected);
  });
  it('should leave the same letters alone where they are plain spelling', () => {
    // A final ىٰ stays ى (موسى), a final small ya or waw is only a lengthening mark (بِهِۦ، رَبُّهُۥ).
    expect(word(2, 51, 2)).toBe('موسي');
    expect(word(2, 124, 3)).toBe('ربه');
    expect(normalizeArabic('يسجد ياسين وحده')).toBe('يسجد ياسين وحده');
    // The relative pronoun keeps one lam, as in modern text; هَٰذَا stays joined.
    expect(word(2, 3, 0)).toBe('الذين');
    expect(normalizeArabic('هَٰذَا')).toBe('هذا');
    // A voweled وَٰ is a real waw: سَمَٰوَٰتٖ keeps it.
    expect(word(2, 29, 14)).toBe('سموت');
  });
});

describe('normalizeArabic on typed queries', () => {
  it('should unify alef, hamza, ya and ta marbuta forms', () => {
    expect(normalizeArabic('إِنَّ الصَّلاةَ أُمّ آية مُؤمن شَيْئ ليلى رحمة')).toBe('ان الصلاه ام ايه مومن شيي ليلي رحمه');
  });
  it('should fold the letters Persian and Urdu keyboards type for Arabic ones', () => {
    // ی (U+06CC), ک (U+06A9), ہ (U+06C1), ھ (U+06BE) as typed on such keyboards.
    expect(
      normalizeArabic(
        '\u0645\u0627 \u0647\u06CC \u0627\u0644\u0632\u06A9\u0627\u0629 \u0641\u06CC \u0633\u0648\u0631\u06C1 \u0627\u0644\u0628\u0642\u0631\u06BE',
      ),
    ).toBe('ما هي الزكاه في سوره البقره');
  });
  it('should drop tatweel and collapse spaces', () => {
    expect(normalizeArabic('  اللـــه   اكبر ')).toBe('الله اكبر');
  });
  it('should be idempotent', () => {
    const once = normalizeArabic('ٱلرَّحۡمَٰنِ عَلَّمَ ٱلۡقُرۡءَانَ');
    expect(normalizeArabic(once)).toBe(once);
    expect(once).toBe('الرحمن علم القران');
  });
  it('should detect Arabic script', () => {
    expect(hasArabicScript('what is صبر')).toBe(true);
    expect(hasArabicScript('patience')).toBe(false);
  });
});
