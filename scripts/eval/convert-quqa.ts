/**
 * QUQA v1.0 → verse format. Arabic questions; gold = the verse range(s) given as the answer
 * (often just one, so score with Recall/MRR: the lists are not exhaustive).
 */
import { parseTsvWithHeader, toLine, type ConversionResult } from './conversion-result.js';
import type { RangeParser } from './verse-dataset.js';

export const QUQA_QUESTIONS_FILE = 'quqa/quqa_questions.tsv';
export const QUQA_QRELS_FILE = 'quqa/quqa_qrels_verse_ranges.tsv';

export function convertQuqa(questionsTsv: string, qrelsTsv: string, parseRange: RangeParser): ConversionResult {
  const refs = new Map<string, string[]>();
  for (const row of parseTsvWithHeader(qrelsTsv)) {
    const id = row.question_id;
    const range = row.verse_range;
    if (!id || !range) throw new Error(`QUQA qrels row lacks question_id/verse_range; is this ${QUQA_QRELS_FILE}?`);
    refs.set(id, [...(refs.get(id) ?? []), range]);
  }
  const out: ConversionResult = { lines: [], skipped: [] };
  for (const row of parseTsvWithHeader(questionsTsv)) {
    const id = row.question_id;
    if (!id) throw new Error(`QUQA question row lacks question_id; is this ${QUQA_QUESTIONS_FILE}?`);
    toLine(id, row.question_text ?? '', 'ar', refs.get(id) ?? [], parseRange, out);
  }
  return out;
}
