/**
 * The verse evaluation format: JSONL, one question a line,
 * `{"query": "...", "relevant": ["2:153", "2:155-157"], "id"?: "...", "lang"?: "en", "theme"?: "patience"}`
 * (`question` is read as `query` too). A `theme` lets the set be split by what its questions are
 * about (`theme-split.ts`).
 * Any question set with verse-level gold can be scored through it.
 */
import type { VerseRange } from '../../data/corpus/corpus-types.js';
import { refsInRange } from '../../data/corpus/verse-range.js';

/** One line of a verse dataset as written to disk. */
export interface VerseDatasetLine {
  readonly id?: string;
  readonly query: string;
  /** Language hint for the engine (e.g. `en`, `ar`); omitted → the engine detects it. */
  readonly lang?: string;
  /** Verse references or ranges, as `S:A` or `S:A-B`. */
  readonly relevant: readonly string[];
}

/** A parsed question: relevant refs expanded to single-verse keys `S:A`. */
export interface VerseQuestion {
  readonly id: string;
  readonly query: string;
  readonly lang?: string;
  readonly relevant: ReadonlySet<string>;
  /** What the question is about, e.g. `intoxicants`; questions on one theme fall in one half of a split. */
  readonly theme?: string;
  /** Set when the question also asks about a subject (a prohibition, a ruling): then its verses may lead (`--avoid`). */
  readonly asksAbout?: string;
}

export type RangeParser = (text: string) => VerseRange;

function fail(line: number, message: string): never {
  throw new Error(`verse dataset line ${line}: ${message}`);
}

export function expandRefs(refs: readonly string[], parseRange: RangeParser): Set<string> {
  const keys = new Set<string>();
  for (const ref of refs) for (const r of refsInRange(parseRange(ref))) keys.add(`${r.surah}:${r.ayah}`);
  return keys;
}

export function parseVerseDataset(jsonl: string, parseRange: RangeParser): VerseQuestion[] {
  const questions: VerseQuestion[] = [];
  jsonl.split(/\r?\n/).forEach((text, i) => {
    const line = i + 1;
    if (text.trim() === '') return;
    let row: unknown;
    try {
      row = JSON.parse(text);
    } catch {
      fail(line, 'not valid JSON; each line must be one JSON object');
    }
    if (typeof row !== 'object' || row === null) fail(line, 'expected a JSON object');
    const { id, lang, relevant, theme, asks_about: asksAbout } = row as Record<string, unknown>;
    const query = (row as Record<string, unknown>).query ?? (row as Record<string, unknown>).question;
    if (typeof query !== 'string' || query.trim() === '') fail(line, '"query" must be a non-empty string');
    if (!Array.isArray(relevant) || relevant.length === 0 || !relevant.every((r) => typeof r === 'string')) {
      fail(line, '"relevant" must be a non-empty array of verse references like "2:153" or "2:155-157"');
    }
    if (lang !== undefined && typeof lang !== 'string') fail(line, '"lang" must be a string such as "en" or "ar"');
    if (theme !== undefined && typeof theme !== 'string') fail(line, '"theme" must be a string such as "patience"');
    if (asksAbout !== undefined && typeof asksAbout !== 'string') fail(line, '"asks_about" must be a string naming what the question also asks about');
    let keys: Set<string>;
    try {
      keys = expandRefs(relevant as string[], parseRange);
    } catch (e) {
      fail(line, (e as Error).message);
    }
    questions.push({
      id: id === undefined ? String(line) : String(id),
      query,
      ...(lang === undefined ? {} : { lang }),
      ...(theme === undefined ? {} : { theme }),
      ...(asksAbout === undefined ? {} : { asksAbout }),
      relevant: keys,
    });
  });
  if (questions.length === 0) throw new Error('verse dataset has no questions; is it the right file?');
  return questions;
}

export function formatVerseDataset(lines: readonly VerseDatasetLine[]): string {
  return lines.map((l) => JSON.stringify(l)).join('\n') + '\n';
}
