/**
 * Qur'an QA 2023 Task A (train/dev) → verse format, from the derived trainval JSONL.
 * Gold = the DIRECT answer verses (the ones the organisers used to mark passages relevant).
 * Zero-answer questions have no verses, so the verse format cannot hold them: they are
 * skipped here; score them with `--format taskA`, which implements the `-1` rule.
 */
import { toLine, type ConversionResult } from './conversion-result.js';
import type { RangeParser } from './verse-dataset.js';

export const TASK_A_TRAINVAL_FILE = 'quran-qa-2023-taskA/derived/taskA_ayatec_v1.2_trainval.jsonl';

export type TaskASplit = 'train' | 'dev';

interface TrainvalRow {
  qid: string;
  split: string;
  question: string;
  zero_answer: boolean;
  direct_answer_verses: string[];
}

export function convertTaskA(jsonl: string, split: TaskASplit, parseRange: RangeParser): ConversionResult {
  const out: ConversionResult = { lines: [], skipped: [] };
  for (const text of jsonl.split(/\r?\n/)) {
    if (text.trim() === '') continue;
    const row = JSON.parse(text) as Partial<TrainvalRow>;
    if (typeof row.qid !== 'string' || typeof row.question !== 'string' || typeof row.split !== 'string') {
      throw new Error(`Task A row lacks qid/question/split; is this ${TASK_A_TRAINVAL_FILE}?`);
    }
    if (row.split !== split) continue;
    if (row.zero_answer) {
      out.skipped.push({ id: row.qid, reason: 'zero-answer question (use --format taskA to score abstention)' });
      continue;
    }
    toLine(row.qid, row.question, 'ar', row.direct_answer_verses ?? [], parseRange, out);
  }
  return out;
}
