/**
 * Score a verse retriever on Qur'an QA 2023 Task A: each question's verses become a passage
 * run (verse → containing passage(s), de-duplicated, cut at 10), an abstention becomes the
 * single `-1` row, and the run is scored with the official rules (task-a-scorer.ts).
 */
import type { PassageCollection } from './task-a-passages.js';
import { versesToPassageRanking } from './task-a-passages.js';
import { NO_ANSWER, scoreTaskA, TASK_A_CUTOFF, type TaskAScore } from './task-a-scorer.js';
import type { Qrels, Run } from './trec-files.js';
import type { VerseRetriever } from './verse-retriever.js';

export interface TaskAQuestion {
  readonly qid: string;
  readonly question: string;
}

export interface TaskAEvalResult {
  readonly system: string;
  readonly run: Run;
  readonly score: TaskAScore;
}

export async function runTaskAEval(
  questions: readonly TaskAQuestion[],
  qrels: Qrels,
  collection: PassageCollection,
  retriever: VerseRetriever,
): Promise<TaskAEvalResult> {
  const run = new Map<string, readonly string[]>();
  for (const q of questions) {
    const r = await retriever.retrieve({ query: q.question, lang: 'ar' });
    run.set(q.qid, r.abstained ? [NO_ANSWER] : versesToPassageRanking(r.verses, collection, TASK_A_CUTOFF));
  }
  return { system: retriever.name, run, score: scoreTaskA(qrels, run) };
}

/** `qid \t question` lines of the official question files. */
export function parseTaskAQuestions(tsv: string): TaskAQuestion[] {
  return tsv
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((line, i) => {
      const tab = line.indexOf('\t');
      if (tab < 1) throw new Error(`Task A questions line ${i + 1} is not "qid<TAB>question"`);
      return { qid: line.slice(0, tab).trim(), question: line.slice(tab + 1).trim() };
    });
}
