/**
 * Famous verses people ask for by name (Ayat al-Kursi, the Light Verse, the last two verses
 * of al-Baqarah...) or by a famous phrase (the Basmala, Inna lillahi..., Hasbunallah...).
 * A small table of well-known, uncontested names; each pattern runs on
 * the folded query (see `foldForNames`). Surah names (al-Fatiha, Yasin) are not here: the
 * corpus resolves those.
 */
import type { VerseRange } from '../../corpus/corpus-types.js';
import { normalizeArabic } from '../../arabic/arabic-normalize.js';
import { foldLatin } from '../analysis/text-analyzer.js';

export interface NamedVerse {
  /** Common English name, for logs and UI. */
  readonly name: string;
  readonly ranges: readonly VerseRange[];
  /** Patterns on the folded query (spaced form) ... */
  readonly spaced: readonly RegExp[];
  /** ... and on the folded query with every space removed (transliterations vary in spacing). */
  readonly compact: readonly RegExp[];
}

export const NAMED_VERSES: readonly NamedVerse[] = [
  {
    name: 'Ayat al-Kursi (the Throne Verse)',
    ranges: [{ surah: 2, from: 255, to: 255 }],
    spaced: [/\bthrone verse\b/, /\bverse of (?:the )?throne\b/, /\bverset du trone\b/, /\bversiculo del trono\b/, /اي[هت] ?الكرسي/],
    compact: [/ay[ae]?[th]?[aeiu]?l?kurs[iy]+/],
  },
  {
    name: 'Ayat an-Nur (the Light Verse)',
    ranges: [{ surah: 24, from: 35, to: 35 }],
    spaced: [/\blight verse\b/, /\bverse of (?:the )?light\b/, /\bverset de la lumiere\b/, /اي[هت] ?النور/],
    compact: [/ay[ae]?[th][aeiu]?[ln]?n[uo]{1,2}r(?![a-z])/],
  },
  {
    name: 'the last two verses of al-Baqarah',
    ranges: [{ surah: 2, from: 285, to: 286 }],
    spaced: [
      /\b(?:last|final|closing) (?:two|2) (?:verses|ayat|ayahs|ayas|ayaat) (?:of )?(?:(?:surah|surat|sura) )?(?:a[lz]?[- ]?)?baqa?rah?\b/,
      /خواتيم (?:سوره )?البقره/,
      /(?:اخر|اواخر) (?:ايتين|ايتان|ايات) (?:من )?(?:سوره )?البقره/,
      /امن الرسول/,
    ],
    compact: [/aman+a*r*ras[ou]{1,2}l/],
  },
  {
    name: 'the Basmala',
    ranges: [{ surah: 1, from: 1, to: 1 }],
    spaced: [/\bbasmal+ah?\b/, /^بسم الله الرحمن الرحيم$/],
    compact: [/^bism[ie]?l+ah/],
  },
  {
    name: "the Istirja (Inna lillahi wa inna ilayhi raji'un)",
    ranges: [{ surah: 2, from: 156, to: 156 }],
    spaced: [/انا لله وانا اليه راجعون/],
    compact: [/in+a?li?l+ahi?wa?in+a?ilayhi?raji/],
  },
  {
    name: 'Rabbana atina fid-dunya hasanah',
    ranges: [{ surah: 2, from: 201, to: 201 }],
    spaced: [/ربنا اتنا في الدنيا حسنه/],
    compact: [/rab+ana?atina?fi?d+un[yi]a/],
  },
  {
    name: "Hasbunallah wa ni'mal wakil",
    ranges: [{ surah: 3, from: 173, to: 173 }],
    spaced: [/حسبنا الله ونعم الوكيل/],
    compact: [/hasbun?al+ahu?wa?ni[e]?ma?l?wak[ie]+l/],
  },
  {
    name: 'Ayat ad-Dayn (the Verse of Debt)',
    ranges: [{ surah: 2, from: 282, to: 282 }],
    spaced: [/\bverse of (?:the )?debts?\b/, /\bdebt verse\b/, /اي[هت] ?الدين/],
    compact: [/ay[ae]?[th][aeiu]?[ld]?d[ae]y?n(?![a-z])/],
  },
  {
    name: "al-Mu'awwidhatayn (the two surahs of refuge)",
    ranges: [
      { surah: 113, from: 1, to: 5 },
      { surah: 114, from: 1, to: 6 },
    ],
    spaced: [/المعوذت(?:ين|ان)/],
    compact: [/mu?aw+[ie]?(?:dh|z|d)at(?:ayn|ain|an|ein)/],
  },
  {
    name: 'the three Quls',
    ranges: [
      { surah: 112, from: 1, to: 4 },
      { surah: 113, from: 1, to: 5 },
      { surah: 114, from: 1, to: 6 },
    ],
    spaced: [/\b(?:three|3|the) quls\b/, /\b3 qul\b/],
    compact: [],
  },
];

/** Fold a query for name matching: Latin lowercased without accents/apostrophes, Arabic normalised. */
export function foldForNames(query: string): string {
  return normalizeArabic(foldLatin(query))
    .replace(/[’'ʿʾ`‘]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The named verse(s) a query asks for, or undefined. */
export function findNamedVerse(query: string): NamedVerse | undefined {
  const spaced = foldForNames(query);
  const compact = spaced.replace(/ /g, '');
  return NAMED_VERSES.find((n) => n.spaced.some((p) => p.test(spaced)) || n.compact.some((p) => p.test(compact)));
}
