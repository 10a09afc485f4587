/**
 * Parse what people write for a Quran reference into a validated `VerseRange`:
 * `2:153`, `2:153-157`, `[2:153]`, `Al-Baqarah 2:153`, `Q 2:153`, `2/153`, `2.153`.
 * Every failure is a `CorpusError` whose message says what is wrong.
 */
import type { VerseRange } from './corpus-types.js';
import { CorpusError } from './corpus-error.js';

export const SURAH_COUNT = 114;

/** What the parser needs to know about the corpus. */
export interface ReferenceContext {
  /** Verses in surah `n` (1..114). */
  verseCount(surah: number): number;
  /** Surah number for a typed name, or undefined when unknown. */
  surahNumberForName(name: string): number | undefined;
}

const REF = /^(?:(?<name>.*?)[\s,]+)?(?<surah>\d{1,3})\s*[:/.]\s*(?<from>\d{1,3})(?:\s*[-–—]\s*(?<to>\d{1,3}))?$/u;

/** Parse one reference; throws `CorpusError` on anything invalid. */
export function parseReference(input: string, ctx: ReferenceContext): VerseRange {
  const raw = input;
  const text = input
    .trim()
    .replace(/^\[(.*)\]$/s, '$1')
    .replace(/^\((.*)\)$/s, '$1')
    .trim();
  const m = REF.exec(text);
  if (!m?.groups) {
    throw new CorpusError('invalid-format', `"${raw}" is not a verse reference; write it as surah:ayah, e.g. 2:153 or 2:153-157`, raw);
  }
  const surah = Number(m.groups.surah);
  const from = Number(m.groups.from);
  const to = m.groups.to === undefined ? from : Number(m.groups.to);
  const name = m.groups.name?.trim();
  if (surah < 1 || surah > SURAH_COUNT) {
    throw new CorpusError('surah-out-of-range', `surah ${surah} does not exist; surahs are numbered 1 to ${SURAH_COUNT}`, raw);
  }
  if (name && !/^(q|qs|quran|qur'?an|surah?|surat)$/i.test(name)) {
    const named = ctx.surahNumberForName(name.replace(/^(surah?|surat)\s+/i, ''));
    if (named === undefined) {
      throw new CorpusError('unknown-surah-name', `"${name}" is not a surah name we know; use the number alone, e.g. ${surah}:${from}`, raw);
    }
    if (named !== surah) {
      throw new CorpusError('invalid-format', `"${name}" is surah ${named}, not ${surah}; check the reference`, raw);
    }
  }
  const count = ctx.verseCount(surah);
  if (from < 1 || from > count) {
    throw new CorpusError('ayah-out-of-range', `surah ${surah} has ${count} verses; ayah ${from} does not exist`, raw);
  }
  if (to < from) {
    throw new CorpusError('range-reversed', `the range ${surah}:${from}-${to} ends before it starts; write ${surah}:${to}-${from}`, raw);
  }
  if (to > count) {
    throw new CorpusError('ayah-out-of-range', `surah ${surah} has ${count} verses; the range cannot end at ${to}`, raw);
  }
  return { surah, from, to };
}

/** Like `parseReference` but returns undefined instead of throwing. */
export function tryParseReference(input: string, ctx: ReferenceContext): VerseRange | undefined {
  try {
    return parseReference(input, ctx);
  } catch (e) {
    if (e instanceof CorpusError) return undefined;
    throw e;
  }
}
