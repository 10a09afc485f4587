/**
 * islamqa-cited-verses → verse format. English user questions; gold = the verses the
 * scholar's answer cites (silver: supportive, not exhaustive).
 */
import { toLine, type ConversionResult } from './conversion-result.js';
import type { RangeParser } from './verse-dataset.js';

export const ISLAMQA_FILE = 'islamqa-cited-verses/islamqa_cited_verses_dev.jsonl';

export function convertIslamqa(jsonl: string, parseRange: RangeParser): ConversionResult {
  const out: ConversionResult = { lines: [], skipped: [] };
  for (const text of jsonl.split(/\r?\n/)) {
    if (text.trim() === '') continue;
    const row = JSON.parse(text) as { id?: unknown; question?: unknown; cited_verses?: unknown };
    if (typeof row.id !== 'string' || typeof row.question !== 'string' || !Array.isArray(row.cited_verses)) {
      throw new Error(`islamqa row ${String(row.id)} lacks id/question/cited_verses; is this ${ISLAMQA_FILE}?`);
    }
    toLine(row.id, row.question, 'en', row.cited_verses.map(String), parseRange, out);
  }
  return out;
}
