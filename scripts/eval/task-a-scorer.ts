/**
 * Qur'an QA 2023 Task A scorer, following the official QQA23_TaskA_eval.py rules:
 * - a question whose qrels hold exactly the passage `-1` has no answer in the Quran: it
 *   scores 1 (for every metric) only when the run for it is exactly one row, `-1`; else 0;
 * - every other question is scored with trec_eval's map_cut_10 (AP@10 divided by the total
 *   number of relevant passages R, even when R > 10) and recip_rank over the top 10;
 * - every question in the qrels is scored: a question missing from the run scores 0.
 *   (pytrec_eval silently drops such a question from the mean; we count it, which is
 *   stricter and never flatters a run. Runs that answer every question score the same.)
 * - run questions that are not in the qrels are ignored, as trec_eval does.
 */
import { averagePrecisionAt, meanMetrics, ndcgAt, recallAt, reciprocalRankAt, type RankingMetrics } from './ranking-metrics.js';
import type { Qrels, Run } from './trec-files.js';

export const NO_ANSWER = '-1';
export const TASK_A_CUTOFF = 10;

export interface TaskAQuestionScore {
  readonly qid: string;
  readonly zeroAnswer: boolean;
  /** False when the run had no rows for this question. */
  readonly answered: boolean;
  readonly metrics: RankingMetrics;
}

export interface TaskAScore {
  readonly questions: readonly TaskAQuestionScore[];
  readonly mean: RankingMetrics;
  /** Questions in the run but not in the qrels (ignored). */
  readonly unknownQuestions: readonly string[];
}

function uniform(value: number): RankingMetrics {
  return { ap: value, rr: value, recall: { [TASK_A_CUTOFF]: value }, ndcg: value };
}

export function isZeroAnswer(docs: ReadonlyMap<string, number>): boolean {
  return docs.size === 1 && docs.has(NO_ANSWER);
}

export function scoreTaskA(qrels: Qrels, run: Run): TaskAScore {
  const k = TASK_A_CUTOFF;
  const questions: TaskAQuestionScore[] = [];
  for (const [qid, docs] of qrels) {
    const ranking = run.get(qid);
    const answered = ranking !== undefined && ranking.length > 0;
    if (isZeroAnswer(docs)) {
      const abstained = ranking?.length === 1 && ranking[0] === NO_ANSWER;
      questions.push({ qid, zeroAnswer: true, answered, metrics: uniform(abstained ? 1 : 0) });
      continue;
    }
    const relevant = new Set([...docs].filter(([id, rel]) => rel > 0 && id !== NO_ANSWER).map(([id]) => id));
    const top = (ranking ?? []).slice(0, k);
    questions.push({
      qid,
      zeroAnswer: false,
      answered,
      metrics: {
        ap: averagePrecisionAt(top, relevant, k),
        rr: reciprocalRankAt(top, relevant, k),
        recall: { [k]: recallAt(top, relevant, k) },
        ndcg: ndcgAt(top, relevant, k),
      },
    });
  }
  const unknownQuestions = [...run.keys()].filter((q) => !qrels.has(q));
  return { questions, mean: meanMetrics(questions.map((q) => q.metrics)), unknownQuestions };
}
