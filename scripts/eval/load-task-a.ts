/**
 * Read the Qur'an QA 2023 Task A folder for one split: questions, qrels and the QPC.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Corpus } from '../../data/corpus/corpus.js';
import { VERSE_COUNT } from '../../data/corpus/corpus.js';
import { parseTaskAQuestions, type TaskAQuestion } from './run-task-a-eval.js';
import { parsePassageCollection, type PassageCollection } from './task-a-passages.js';
import { parseTrecQrels, type Qrels } from './trec-files.js';

export interface TaskAData {
  readonly questions: readonly TaskAQuestion[];
  readonly qrels: Qrels;
  readonly collection: PassageCollection;
}

export const taskAFiles = (dir: string, split: 'dev' | 'train') => ({
  questions: join(dir, `QQA23_TaskA_ayatec_v1.2_${split}.tsv`),
  qrels: join(dir, 'qrels', `QQA23_TaskA_ayatec_v1.2_qrels_${split}.gold`),
  passages: join(dir, 'QQA23_TaskA_QPC_v1.1.tsv'),
});

async function read(path: string): Promise<string> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    throw new Error(`cannot read ${path}; --dataset must be the quran-qa-2023-taskA folder`);
  }
}

export async function loadTaskA(dir: string, split: 'dev' | 'train', corpus: Corpus): Promise<TaskAData> {
  const files = taskAFiles(dir, split);
  const [questions, qrels, passages] = await Promise.all([read(files.questions), read(files.qrels), read(files.passages)]);
  return {
    questions: parseTaskAQuestions(questions),
    qrels: parseTrecQrels(qrels),
    collection: parsePassageCollection(passages, (id) => corpus.parseRef(id), VERSE_COUNT),
  };
}
