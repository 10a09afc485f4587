/**
 * What every dataset converter returns: the verse-format lines it could build, and the
 * source rows it dropped, with why (so nothing is lost silently).
 */
import type { RangeParser, VerseDatasetLine } from './verse-dataset.js';

export interface SkippedRow {
  readonly id: string;
  readonly reason: string;
}

export interface ConversionResult {
  readonly lines: VerseDatasetLine[];
  readonly skipped: SkippedRow[];
}

/** Split refs into those the corpus accepts and those it rejects (with the corpus's message). */
export function partitionRefs(refs: readonly string[], parseRange: RangeParser): { valid: string[]; invalid: string[] } {
  const valid: string[] = [];
  const invalid: string[] = [];
  for (const ref of refs) {
    try {
      parseRange(ref);
      valid.push(ref);
    } catch (e) {
      invalid.push(`${ref} (${(e as Error).message})`);
    }
  }
  return { valid, invalid };
}

/** Build one line, or a skip record when no reference survives validation. */
export function toLine(id: string, query: string, lang: string, refs: readonly string[], parseRange: RangeParser, out: ConversionResult): void {
  const { valid, invalid } = partitionRefs(refs, parseRange);
  if (query.trim() === '') out.skipped.push({ id, reason: 'empty question text' });
  else if (valid.length === 0) out.skipped.push({ id, reason: invalid.length ? `no valid reference: ${invalid.join('; ')}` : 'no reference' });
  else out.lines.push({ id, query: query.trim(), lang, relevant: [...new Set(valid)] });
}

/** Rows of a TSV with a header line, as objects keyed by the header names. */
export function parseTsvWithHeader(tsv: string): Record<string, string>[] {
  const [header, ...rows] = tsv.split(/\r?\n/).filter((l) => l.trim() !== '');
  if (!header) throw new Error('TSV file is empty');
  const names = header.split('\t');
  return rows.map((row) => {
    const cells = row.split('\t');
    return Object.fromEntries(names.map((n, i) => [n, cells[i] ?? '']));
  });
}
