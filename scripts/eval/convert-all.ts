/**
 * Run every converter over the external data folder: output file name → conversion result.
 */
import type { ConversionResult } from './conversion-result.js';
import { convertIslamqa, ISLAMQA_FILE } from './convert-islamqa.js';
import { convertQac, QAC_FILE } from './convert-qac.js';
import { convertQuqa, QUQA_QRELS_FILE, QUQA_QUESTIONS_FILE } from './convert-quqa.js';
import { convertTaskA, TASK_A_TRAINVAL_FILE } from './convert-task-a.js';
import type { RangeParser } from './verse-dataset.js';

/** Reads a file by its path relative to the external data folder. */
export type ExternalReader = (relativePath: string) => Promise<string>;

export const CONVERTED_FILES = ['islamqa-dev.jsonl', 'quqa.jsonl', 'qac-concepts.jsonl', 'taskA-train.jsonl', 'taskA-dev.jsonl'] as const;
export type ConvertedFile = (typeof CONVERTED_FILES)[number];

export async function convertAll(read: ExternalReader, parseRange: RangeParser): Promise<Record<ConvertedFile, ConversionResult>> {
  const [islamqa, quqaQuestions, quqaQrels, qac, taskA] = await Promise.all(
    [ISLAMQA_FILE, QUQA_QUESTIONS_FILE, QUQA_QRELS_FILE, QAC_FILE, TASK_A_TRAINVAL_FILE].map(read),
  );
  return {
    'islamqa-dev.jsonl': convertIslamqa(islamqa!, parseRange),
    'quqa.jsonl': convertQuqa(quqaQuestions!, quqaQrels!, parseRange),
    'qac-concepts.jsonl': convertQac(qac!, parseRange),
    'taskA-train.jsonl': convertTaskA(taskA!, 'train', parseRange),
    'taskA-dev.jsonl': convertTaskA(taskA!, 'dev', parseRange),
  };
}
