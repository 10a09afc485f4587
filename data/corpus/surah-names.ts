/**
 * Surah name matching: users type `Al-Fatiha`, `Fatihah`, `al-Fātiḥah`, `الفاتحة`,
 * `Yasin` or `Ya-Sin`. Names are folded to a key (no diacritics, no article, no
 * punctuation, doubled letters and long-vowel spellings collapsed) and matched against
 * keys built from the corpus names plus a few well-known alternative spellings.
 */
import { normalizeArabic, hasArabicScript } from '../arabic/arabic-normalize.js';

/** Common alternative names that folding alone cannot reach (surah number → names). */
const ALIASES: Readonly<Record<number, readonly string[]>> = {
  1: ['Fatiha', 'The Opening', 'Umm al-Kitab'],
  2: ['Baqara', 'The Cow'],
  3: ['Al Imran', 'Aal-e-Imran', 'Ali Imran'],
  9: ['Tawba', 'Taubah', 'Baraah', "Bara'a"],
  17: ['Isra', 'Bani Israil'],
  // Urdu and Persian write the letter names out (یٰسین): no folding reaches يس from them.
  36: ['Yasin', 'Ya Sin', 'Yaseen', 'ياسين', 'يسين'],
  40: ['Ghafir', 'Al-Mumin'],
  41: ['Fussilat', 'Ha Mim Sajdah'],
  47: ['Muhammad', 'Al-Qital'],
  55: ['Rahman', 'Ar-Rahman'],
  65: ['Talaq'],
  67: ['Mulk', 'Tabarak'],
  76: ['Insan', 'Ad-Dahr'],
  94: ['Sharh', 'Inshirah', 'Alam Nashrah'],
  112: ['Ikhlas', 'Tawhid'],
  113: ['Falaq'],
  114: ['Nas'],
};

/** Fold a Latin-script name: strip accents, article, punctuation, vowel/doubling variants. */
export function foldLatinName(name: string): string {
  let s = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/^(surah|surat|sura|soorah)\s+/, '')
    .replace(/[ʿʾ'’`‘]/g, '')
    .replace(/[^a-z\s-]/g, ' ')
    .trim();
  // Definite article in its assimilated spellings: al-, an-, ar-, as-, ash-, at-, ad-, az-...
  s = s.replace(/^(a[lnrstdzh]{1,2}|el|ul)[-\s]+/, '');
  s = s.replace(/[-\s]+/g, '');
  return s
    .replace(/ee/g, 'i')
    .replace(/oo/g, 'u')
    .replace(/aa/g, 'a')
    .replace(/ou/g, 'u')
    .replace(/(.)\1+/g, '$1')
    .replace(/h$/, '')
    .replace(/e/g, 'i')
    .replace(/o/g, 'u');
}

/** Fold an Arabic-script name: search-normalised, without the article and spaces. */
export function foldArabicName(name: string): string {
  return normalizeArabic(name)
    .replace(/^سوره\s+/, '')
    .replace(/\s+/g, '')
    .replace(/^ال/, '');
}

export function foldSurahName(name: string): string {
  return hasArabicScript(name) ? foldArabicName(name) : foldLatinName(name);
}

export interface NamedSurah {
  readonly number: number;
  readonly nameArabic: string;
  readonly nameTransliterated: string;
  readonly nameEnglish: string;
}

/** Build a folded-name → surah number table once per corpus. */
export function buildSurahNameIndex(surahs: readonly NamedSurah[]): ReadonlyMap<string, number> {
  const index = new Map<string, number>();
  const add = (name: string, n: number) => {
    const key = foldSurahName(name);
    if (key && !index.has(key)) index.set(key, n);
  };
  for (const s of surahs) {
    add(s.nameTransliterated, s.number);
    add(s.nameArabic, s.number);
  }
  for (const [n, names] of Object.entries(ALIASES)) for (const name of names) add(name, Number(n));
  // English meanings last: they are least specific ("The Cow", "The Opener").
  for (const s of surahs) add(s.nameEnglish, s.number);
  return index;
}
