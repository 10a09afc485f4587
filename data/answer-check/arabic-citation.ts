/**
 * References written the Arabic way, as answers in Arabic cite verses: «(البقرة: 153)»,
 * «[البقرة 153]», «سورة البقرة، الآية 153», «(سورة آل عمران: الآيات ١٩٠-١٩١)». Read at one
 * position of an answer with a hand-written scanner: the name, every gap and the keyword are
 * bounded and nothing is tried twice, so a hostile answer cannot make it slow. The surah is
 * found by its name through the corpus (`Corpus.surahNumberForName`). DOM-free.
 */
import { isSpace } from './whitespace.js';

/** Surah number for a name as written (`البقرة`, `آل عمران`), or undefined. */
export type SurahNamed = (name: string) => number | undefined;

export interface ScannedArabicCitation {
  /** Index just after the citation (after its closing bracket, when it has one). */
  readonly end: number;
  readonly surah: number;
  readonly from: number;
  readonly to: number;
}

/** Longest surah name read, in UTF-16 units (the longest, «الشعراء» with marks, «آل عمران», are far shorter). */
const MAX_NAME = 24;
/** Words a surah name may have (آل عمران). */
const MAX_NAME_WORDS = 3;
/** Longest run of spaces between the parts. */
const MAX_GAP = 3;

const SURAH_WORD = /^(?:سورة|سوره|سورت)$/u;
const VERSE_WORDS = new Set(['الآية', 'الاية', 'آية', 'اية', 'آيه', 'ايه', 'الآيات', 'الايات', 'آيات', 'ايات', 'رقم']);
const SEPARATORS = new Set([':', '：', '،', ',', '؛']);
const DASHES = new Set(['-', '–', '—', '_']);
const ARABIC_WORD_CHAR = /[\u0621-\u064A\u0660-\u0669\u0671-\u06D3\u064B-\u065F\u0670\u0640]/u;

/** Western, Arabic-Indic and Persian digits. */
function digitValue(ch: string | undefined): number | undefined {
  if (ch === undefined) return undefined;
  const c = ch.charCodeAt(0);
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  if (c >= 0x660 && c <= 0x669) return c - 0x660;
  if (c >= 0x6f0 && c <= 0x6f9) return c - 0x6f0;
  return undefined;
}

function skipGap(text: string, at: number): number {
  let i = at;
  while (i - at < MAX_GAP && isSpace(text[i])) i++;
  return i;
}

/** A 1-3 digit number at `at`. */
function number(text: string, at: number): { value: number; end: number } | undefined {
  let value = 0;
  let i = at;
  while (i - at < 3 && digitValue(text[i]) !== undefined) value = value * 10 + digitValue(text[i++])!;
  if (i === at || digitValue(text[i]) !== undefined) return undefined;
  return { value, end: i };
}

/** One Arabic word at `at` (letters and marks, bounded), or undefined. */
function word(text: string, at: number, limit: number): { text: string; end: number } | undefined {
  let i = at;
  while (i < limit && ARABIC_WORD_CHAR.test(text[i]!) && digitValue(text[i]) === undefined) i++;
  return i === at ? undefined : { text: text.slice(at, i), end: i };
}

/**
 * The Arabic-style reference starting at `at`: an opening `(` or `[` followed by one and its
 * closing bracket, or `سورة` in running text. Undefined when there is none (or its surah is
 * unknown).
 */
export function scanArabicCitation(text: string, at: number, surahNamed: SurahNamed): ScannedArabicCitation | undefined {
  const open = text[at];
  const close = open === '(' ? ')' : open === '[' ? ']' : undefined;
  let i = close ? skipGap(text, at + 1) : at;
  const limit = Math.min(text.length, i + MAX_NAME + 16);
  // Optional «سورة», then the name: the longest run of up to three words that names a surah.
  const first = word(text, i, limit);
  if (!first) return undefined;
  if (SURAH_WORD.test(first.text)) i = skipGap(text, first.end);
  else if (!close) return undefined;
  let surah: number | undefined;
  let nameEnd = -1;
  let j = i;
  for (let w = 0; w < MAX_NAME_WORDS; w++) {
    const next = word(text, j, limit);
    if (!next || next.end - i > MAX_NAME || VERSE_WORDS.has(next.text)) break;
    const found = surahNamed(text.slice(i, next.end));
    if (found !== undefined) {
      surah = found;
      nameEnd = next.end;
    }
    if (text[next.end] !== ' ') break;
    j = next.end + 1;
  }
  if (surah === undefined) return undefined;
  // The separator and the keyword, each optional: «: »، «، الآية »، « آية ».
  i = skipGap(text, nameEnd);
  if (SEPARATORS.has(text[i]!)) i = skipGap(text, i + 1);
  const keyword = word(text, i, Math.min(text.length, i + 12));
  if (keyword && VERSE_WORDS.has(keyword.text)) {
    i = skipGap(text, keyword.end);
    if (SEPARATORS.has(text[i]!)) i = skipGap(text, i + 1);
  }
  const from = number(text, i);
  if (!from) return undefined;
  let to = from.value;
  let end = from.end;
  const afterFrom = skipGap(text, end);
  if (DASHES.has(text[afterFrom]!)) {
    const last = number(text, skipGap(text, afterFrom + 1));
    if (last) {
      to = last.value;
      end = last.end;
    }
  } else {
    const until = word(text, afterFrom, Math.min(text.length, afterFrom + 6));
    if (until && (until.text === 'إلى' || until.text === 'الى')) {
      const last = number(text, skipGap(text, until.end));
      if (last) {
        to = last.value;
        end = last.end;
      }
    }
  }
  if (close) {
    const c = skipGap(text, end);
    if (text[c] !== close) return undefined;
    end = c + 1;
  }
  return { end, surah, from: from.value, to };
}

/**
 * A claimed source as a whole text («البقرة: 31», «سورة النساء، آية 5», «الآية 32 من سورة الإسراء»,
 * «2:255», «آية 2:255 من القرآن الكريم», a surah alone: «سورة النساء»), or undefined when it names
 * no verse of the Quran (a hadith collection). A surah alone is its first verse to its last
 * (`verseCount`).
 */
export function parseClaimedSource(
  text: string,
  surahNamed: SurahNamed,
  verseCount: (surah: number) => number,
): { surah: number; from: number; to: number } | undefined {
  const trimmed = text.trim().replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x660));
  const named = scanArabicCitation(trimmed, 0, surahNamed) ?? scanArabicCitation(`(${trimmed})`, 0, surahNamed);
  if (named) return { surah: named.surah, from: named.from, to: named.to };
  // «الآية 32 من سورة الإسراء»: the number first.
  const numberFirst = /^(?:الآية|الاية|آية|اية)\s*(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?\s+من\s+(?:سورة|سوره)\s+(.{1,30})$/u.exec(trimmed);
  if (numberFirst) {
    const surah = surahNamed(numberFirst[3]!.trim());
    const from = Number(numberFirst[1]);
    if (surah !== undefined) return { surah, from, to: numberFirst[2] === undefined ? from : Number(numberFirst[2]) };
  }
  const numeric = /(?:^|[^\d])(\d{1,3})\s*:\s*(\d{1,3})(?:\s*[-–]\s*(\d{1,3}))?(?!\d)/u.exec(trimmed);
  if (numeric) {
    const from = Number(numeric[2]);
    return { surah: Number(numeric[1]), from, to: numeric[3] === undefined ? from : Number(numeric[3]) };
  }
  const surahOnly = /^(?:سورة|سوره)\s+(.{1,30})$/u.exec(trimmed);
  const surah = surahOnly ? surahNamed(surahOnly[1]!.trim()) : undefined;
  return surah === undefined ? undefined : { surah, from: 1, to: verseCount(surah) };
}
