/**
 * QAC ontology concepts → verse format. English concept names (e.g. "Abel") as queries;
 * gold = the verses that mention the concept (entity mentions, which favour keyword match).
 * The `allah` and `earth` lists are truncated at 250 verses in the source.
 */
import { parseTsvWithHeader, toLine, type ConversionResult } from './conversion-result.js';
import type { RangeParser } from './verse-dataset.js';

export const QAC_FILE = 'qac-ontology-concepts/qac_concept_verses.tsv';

export function convertQac(tsv: string, parseRange: RangeParser): ConversionResult {
  const out: ConversionResult = { lines: [], skipped: [] };
  for (const row of parseTsvWithHeader(tsv)) {
    const id = row.concept_id;
    if (!id || row.verses === undefined) throw new Error(`QAC row lacks concept_id/verses; is this ${QAC_FILE}?`);
    toLine(id, row.concept_name ?? '', 'en', row.verses.split(/\s+/).filter(Boolean), parseRange, out);
  }
  return out;
}
