/**
 * Reads a bracketed verse citation at one position of an answer: `[2:153]`, `[2:153-157]`,
 * `(3:200)`, `[Quran 2:153]`, `[Al-Baqarah 2:255]`, `[2:153, 94:5–6]`. A hand-written scanner
 * rather than a regular expression: every whitespace gap and the label are bounded and nothing
 * is tried twice, so a bracket followed by thousands of spaces costs a few steps, not a pass
 * per space (a model repeating whitespace must not freeze the page).
 */
import { isSpace } from './whitespace.js';

/** One reference as written inside the group, e.g. `94:5–6`. */
export interface ScannedRef {
  readonly raw: string;
  readonly surah: number;
  readonly from: number;
  readonly to: number;
}

export interface ScannedCitationGroup {
  /** Index just after the closing bracket. */
  readonly end: number;
  readonly refs: readonly ScannedRef[];
}

/** Longest whitespace run accepted between the parts of a citation. */
export const MAX_CITATION_GAP = 3;
/** Longest label before the numbers (`Quran`, `Surah Al-Baqarah`), in UTF-16 units. */
export const MAX_CITATION_LABEL = 30;

const SEPARATORS = new Set([',', ';', '،']);
const DASHES = new Set(['-', '–', '—']);
const LABEL_CHAR = /^[\p{L}'\- ]$/u;

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= '0' && ch <= '9';
}

/** Skip at most MAX_CITATION_GAP whitespace characters. */
function skipGap(text: string, at: number): number {
  let i = at;
  while (i - at < MAX_CITATION_GAP && isSpace(text[i])) i++;
  return i;
}

/** A 1-3 digit number at `at` (not followed by a fourth digit): its value and end. */
function number(text: string, at: number): { value: number; end: number } | undefined {
  let i = at;
  while (i - at < 3 && isDigit(text[i])) i++;
  if (i === at || isDigit(text[i])) return undefined;
  return { value: Number(text.slice(at, i)), end: i };
}

/** `S:A` or `S:A-B` at `at`. */
function ref(text: string, at: number): (ScannedRef & { end: number }) | undefined {
  const surah = number(text, at);
  if (!surah) return undefined;
  let i = skipGap(text, surah.end);
  if (text[i] !== ':') return undefined;
  const from = number(text, skipGap(text, i + 1));
  if (!from) return undefined;
  let end = from.end;
  let to = from.value;
  i = skipGap(text, end);
  if (DASHES.has(text[i]!)) {
    const last = number(text, skipGap(text, i + 1));
    if (!last) return undefined;
    to = last.value;
    end = last.end;
  }
  return { raw: text.slice(at, end), surah: surah.value, from: from.value, to, end };
}

/**
 * Skip a label such as `Surah Al-Baqarah` followed by whitespace and a digit; the index of
 * that digit, or -1 when there is no such label.
 */
function skipLabel(text: string, at: number): number {
  let i = at;
  let labelEnd = at;
  const limit = at + MAX_CITATION_LABEL + MAX_CITATION_GAP;
  while (i <= limit && i < text.length && !isDigit(text[i])) {
    const cp = text.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    if (!isSpace(ch) && !LABEL_CHAR.test(ch)) return -1;
    i += ch.length;
    if (!isSpace(ch)) labelEnd = i;
  }
  if (!isDigit(text[i]) || labelEnd === at || labelEnd - at > MAX_CITATION_LABEL) return -1;
  const gap = i - labelEnd;
  if (gap < 1 || gap > MAX_CITATION_GAP) return -1;
  // Inside the label only plain spaces may separate words (a tab or line break may not).
  for (let k = at; k < labelEnd; k++) if (isSpace(text[k]) && text[k] !== ' ') return -1;
  return i;
}

/** The citation group opening at `at` (`[` or `(`), or undefined when there is none. */
export function scanCitationGroup(text: string, at: number): ScannedCitationGroup | undefined {
  const open = text[at];
  if (open !== '[' && open !== '(') return undefined;
  const close = open === '[' ? ']' : ')';
  let i = skipGap(text, at + 1);
  if (!isDigit(text[i])) {
    i = skipLabel(text, i);
    if (i === -1) return undefined;
  }
  const refs: ScannedRef[] = [];
  for (;;) {
    const r = ref(text, i);
    if (!r) return undefined;
    refs.push({ raw: r.raw, surah: r.surah, from: r.from, to: r.to });
    i = skipGap(text, r.end);
    if (!SEPARATORS.has(text[i]!)) break;
    i = skipGap(text, i + 1);
  }
  if (text[i] !== close) return undefined;
  return { end: i + 1, refs };
}
