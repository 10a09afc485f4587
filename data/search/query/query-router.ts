/**
 * Queries that name their target go straight to it instead of being searched:
 * verse references (`2:255`, `[2:255]`, `2:255-257`, `Al-Baqarah 255`, `Surah 2 verse 255`, `البقرة ٢٥٥`), named
 * verses (`Ayat al-Kursi`, `آية الكرسي`), and surahs (`Surah Yasin`, `al-Fatiha`, `سورة يس`).
 */
import type { VerseRange } from '../../corpus/corpus-types.js';
import type { Corpus } from '../../corpus/corpus.js';
import { CorpusError } from '../../corpus/corpus-error.js';
import { foldSurahName } from '../../corpus/surah-names.js';
import { hasArabicScript, normalizeArabic } from '../../arabic/arabic-normalize.js';
import { findNamedVerse } from './named-verses.js';

export type QueryRoute =
  /** One or more verse ranges; `name` is set for named verses. */
  | { readonly kind: 'reference'; readonly ranges: readonly VerseRange[]; readonly name?: string }
  | { readonly kind: 'surah'; readonly surah: number }
  /**
   * It is a reference, but to a verse that does not exist (`2:300`): the reason says why;
   * `missing` is what was asked for, when a surah number and verse numbers could be read.
   */
  | { readonly kind: 'invalid'; readonly reason: string; readonly missing?: { readonly surah: number; readonly ref: string } };

/** Words that introduce a surah name (Urdu writes سورہ or سورۃ, with its own heh and teh marbuta). */
const SURAH_WORD = /^(?:surah|surat|sura|soorah|sourate|sure|سوره|سورہ|سورة|سورۃ)\s+/i;
/** Words between a surah name and a verse number (`Al-Baqarah verse 255`, `البقرة آية 255`). */
const VERSE_WORD = /[\s,]+(?:verse|verses|ayah|ayat|aya|ayet|verset|versiculo|v\.?|اي[هت]|الايه)\s*$/i;
/** `name 255` or `name 255-257`. */
const NAME_AND_NUMBER = /^(?<name>.+?)[\s,:]+(?<from>\d{1,3})(?:\s*[-–—]\s*(?<to>\d{1,3}))?$/u;
/**
 * Bare names that are ordinary words too, or a name better served by search: "sad" is a
 * feeling before it is surah 38, and "Muhammad" usually asks about the Prophet, not surah 47.
 * With "Surah" in front they still route.
 */
const AMBIGUOUS_BARE_NAMES: ReadonlySet<string> = new Set(['sad', 'nun', 'qaf', 'ta', 'muhamad', 'fat', 'rum', 'tin', 'jin', 'nu', 'ala', 'shar']);
/** Bare names route only when short: longer text is a question that happens to contain a name. */
const MAX_BARE_NAME_WORDS = 3;

/** Arabic-Indic and Persian digits → ASCII. */
function asciiDigits(s: string): string {
  return s.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10));
}

function clean(query: string): string {
  return asciiDigits(query)
    .trim()
    .replace(/[?？!.؟。]+$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Where a query goes directly, or undefined when it should be searched. */
export function routeQuery(query: string, corpus: Corpus): QueryRoute | undefined {
  const q = clean(query);
  if (!q) return undefined;
  return routeReference(q, corpus) ?? routeNameAndNumber(q, corpus) ?? routeNamedVerse(q) ?? routeSurah(q, corpus);
}

/**
 * `S:A` or `S:A-B` inside a sentence ("and 2:255?", "what does 2:153 say"). Only `:` and `/`
 * count here: `2.5` in running text is more often a number than a verse.
 */
const EMBEDDED_REF = /(?<![\d:/])(\d{1,3}\s*[:/]\s*\d{1,3}(?:\s*[-–—]\s*\d{1,3})?)(?![\d:/])/gu;

function routeReference(q: string, corpus: Corpus): QueryRoute | undefined {
  if (!/\d\s*[:/.]\s*\d/.test(q)) return undefined;
  try {
    return { kind: 'reference', ranges: [corpus.parseRef(q)] };
  } catch (e) {
    if (!(e instanceof CorpusError)) throw e;
    // Words around the reference that are not a surah name: route the reference(s) it contains.
    if (e.code === 'invalid-format' || e.code === 'unknown-surah-name') return routeEmbeddedReferences(q, corpus);
    // A well-formed reference to a verse that does not exist is answered, not searched.
    return invalidReference(e, q);
  }
}

/** The first `S:A` or `S:A-B` written in `text`, normalised; the surah number may be above 114. */
const WRITTEN_REF = /(\d{1,3})\s*[:/.]\s*(\d{1,3})(?:\s*[-–—]\s*(\d{1,3}))?/u;

function invalidReference(e: CorpusError, text: string): QueryRoute {
  const m = e.code === 'surah-out-of-range' || e.code === 'ayah-out-of-range' ? WRITTEN_REF.exec(text) : null;
  if (!m) return { kind: 'invalid', reason: e.message };
  const ref = `${Number(m[1])}:${Number(m[2])}${m[3] === undefined ? '' : `-${Number(m[3])}`}`;
  return { kind: 'invalid', reason: e.message, missing: { surah: Number(m[1]), ref } };
}

function routeEmbeddedReferences(q: string, corpus: Corpus): QueryRoute | undefined {
  const found = [...q.matchAll(EMBEDDED_REF)].map((m) => m[1]!);
  if (found.length === 0) return undefined;
  const ranges: VerseRange[] = [];
  for (const text of found) {
    try {
      ranges.push(corpus.parseRef(text));
    } catch (e) {
      if (!(e instanceof CorpusError)) throw e;
      return invalidReference(e, text);
    }
  }
  return { kind: 'reference', ranges };
}

function routeNameAndNumber(q: string, corpus: Corpus): QueryRoute | undefined {
  const m = NAME_AND_NUMBER.exec(q);
  if (!m?.groups) return undefined;
  const typed = m.groups.name!;
  const unprefixed = (hasArabicScript(typed) ? normalizeArabic(typed) : typed).replace(VERSE_WORD, '');
  const name = unprefixed.replace(SURAH_WORD, '').trim();
  // "Surah 2 verse 255": a number after the word "surah" is the surah (bare "2 255" stays a search).
  const numbered = name !== unprefixed.trim() && /^\d{1,3}$/.test(name) ? Number(name) : undefined;
  if (numbered !== undefined && (numbered < 1 || numbered > corpus.surahs.length)) {
    return {
      kind: 'invalid',
      reason: `surah ${numbered} does not exist; surahs are numbered 1 to ${corpus.surahs.length}`,
      missing: { surah: numbered, ref: `${numbered}` },
    };
  }
  const surah = numbered ?? corpus.surahNumberForName(name);
  if (surah === undefined) return undefined;
  const from = Number(m.groups.from);
  const to = m.groups.to === undefined ? from : Number(m.groups.to);
  const count = corpus.verseCount(surah);
  if (from < 1 || to < from || to > count) {
    const ref = `${surah}:${from}${to === from ? '' : `-${to}`}`;
    // A reversed range names verses that exist: only a verse past the end is "missing".
    return {
      kind: 'invalid',
      reason: `surah ${surah} has ${count} verses; ${ref} does not exist`,
      ...(from > count || to > count ? { missing: { surah, ref } } : {}),
    };
  }
  return { kind: 'reference', ranges: [{ surah, from, to }] };
}

function routeNamedVerse(q: string): QueryRoute | undefined {
  const named = findNamedVerse(q);
  return named ? { kind: 'reference', ranges: named.ranges, name: named.name } : undefined;
}

function routeSurah(q: string, corpus: Corpus): QueryRoute | undefined {
  const prefixed = SURAH_WORD.test(q);
  const name = q.replace(SURAH_WORD, '').trim();
  if (prefixed) {
    if (/^\d{1,3}$/.test(name)) {
      const n = Number(name);
      return n >= 1 && n <= corpus.surahs.length
        ? { kind: 'surah', surah: n }
        : { kind: 'invalid', reason: `surah ${n} does not exist; surahs are numbered 1 to ${corpus.surahs.length}`, missing: { surah: n, ref: `${n}` } };
    }
    const n = corpus.surahNumberForName(name);
    return n === undefined ? undefined : { kind: 'surah', surah: n };
  }
  // Bare names: Latin transliterations only ("al-Fatiha", "Yasin"); a bare Arabic word such as
  // النور or التوبة is as likely the topic (light, repentance) as the surah, so it is searched.
  if (hasArabicScript(name) || name.split(' ').length > MAX_BARE_NAME_WORDS) return undefined;
  const n = corpus.surahNumberForName(name);
  if (n === undefined) return undefined;
  const key = foldSurahName(name);
  const surah = corpus.surah(n);
  const english = foldSurahName(surah.nameEnglish);
  // "The Cow", "The Light": an English meaning typed bare is a topic, not a surah request
  // (unless the English name is the name itself, as for Ya Sin or Ta-Ha).
  const isEnglishMeaning = key === english && english !== foldSurahName(surah.nameTransliterated);
  if (isEnglishMeaning || AMBIGUOUS_BARE_NAMES.has(key)) return undefined;
  return { kind: 'surah', surah: n };
}
