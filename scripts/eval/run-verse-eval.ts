/**
 * Score a retriever on a verse dataset: every question is asked, its verse ranking is
 * scored against the gold verses (AP@k, RR@k, Recall@10/20, nDCG@k), then averaged.
 */
import { meanMetrics, scoreRanking, type MetricOptions, type RankingMetrics } from './ranking-metrics.js';
import type { VerseQuestion } from './verse-dataset.js';
import { dedupeVerses, type VerseRetriever } from './verse-retriever.js';

export interface VerseQuestionResult {
  readonly id: string;
  readonly metrics: RankingMetrics;
  readonly retrieved: readonly string[];
  readonly abstained: boolean;
}

export interface VerseEvalResult {
  readonly system: string;
  readonly questions: readonly VerseQuestionResult[];
  readonly mean: RankingMetrics;
  /** Questions where the system abstained (scored 0: every question here has gold verses). */
  readonly abstentions: number;
}

export async function runVerseEval(questions: readonly VerseQuestion[], retriever: VerseRetriever, options: MetricOptions = {}): Promise<VerseEvalResult> {
  const results: VerseQuestionResult[] = [];
  for (const q of questions) {
    const r = await retriever.retrieve({ query: q.query, ...(q.lang === undefined ? {} : { lang: q.lang }) });
    const ranking = r.abstained ? [] : dedupeVerses(r.verses);
    results.push({ id: q.id, metrics: scoreRanking(ranking, q.relevant, options), retrieved: ranking, abstained: r.abstained });
  }
  return {
    system: retriever.name,
    questions: results,
    mean: meanMetrics(results.map((r) => r.metrics)),
    abstentions: results.filter((r) => r.abstained).length,
  };
}
