/**
 * `npm run eval`: load the dataset, run each system, score, and build the table + JSON
 * report. I/O for the dataset happens here; the CLI only prints and writes files.
 */
import type { VerseQuestion } from './verse-dataset.js';
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { EngineName, EvalOptions } from './eval-args.js';
import { formatReportTable, recallRatioLine, type EvalReport, type ReportRow } from './eval-report.js';
import { loadTaskA } from './load-task-a.js';
import { runTaskAEval } from './run-task-a-eval.js';
import { runVerseEval } from './run-verse-eval.js';
import { scoreTaskA, type TaskAScore } from './task-a-scorer.js';
import { formatTrecRun, parseTrecRun, type Run } from './trec-files.js';
import { splitByTheme } from './theme-split.js';
import { parseVerseDataset } from './verse-dataset.js';
import type { VerseRetriever } from './verse-retriever.js';

export interface EvalCommandDeps {
  readonly corpus: Corpus;
  createRetriever(name: EngineName): Promise<VerseRetriever>;
  readonly machine: string;
  readonly command: string;
  readonly now: Date;
}

export interface EvalCommandOutput {
  /** What to print: table, notes. */
  readonly text: string;
  readonly report: EvalReport;
  /** Task A with an engine: the engine's passage run in TREC format. */
  readonly trecRun?: string;
}

export const TASK_A_NOTES = [
  'Task A rules: verse -> every QPC passage containing it (4:12 and 33:42-44 map to both of their passages), de-duplicated keeping first occurrence, cut at 10.',
  'Task A rules: AP@10 divides by the total number of relevant passages R, even when R > 10; RR over the top 10.',
  'Task A rules: a zero-answer question scores 1 only for exactly the single answer -1 (an engine abstention); every question is scored, a missing one counts 0.',
];

function systemsFor(o: EvalOptions): EngineName[] {
  return o.baseline && o.engine !== 'plain-bm25' ? [o.engine, 'plain-bm25'] : [o.engine];
}

function taskARow(system: string, score: TaskAScore, run: Run): ReportRow {
  const abstentions = score.questions.filter((q) => {
    const r = run.get(q.qid);
    return r?.length === 1 && r[0] === '-1';
  }).length;
  return { system, questions: score.questions.length, mean: score.mean, abstentions };
}

/** Where Task A points come from: abstentions on zero-answer questions vs ranking on the rest. */
export function taskABreakdown(system: string, score: TaskAScore, run: Run): string {
  const abstained = (qid: string) => {
    const r = run.get(qid);
    return r?.length === 1 && r[0] === '-1';
  };
  const zero = score.questions.filter((q) => q.zeroAnswer);
  const answerable = score.questions.filter((q) => !q.zeroAnswer);
  const map = answerable.reduce((s, q) => s + q.metrics.ap, 0) / Math.max(answerable.length, 1);
  return (
    `${system}: ${zero.filter((q) => abstained(q.qid)).length}/${zero.length} zero-answer questions answered -1; ` +
    `${answerable.filter((q) => abstained(q.qid)).length}/${answerable.length} answerable questions abstained; ` +
    `MAP@10 over answerable questions only ${map.toFixed(4)}`
  );
}

function taskAPerQuestion(score: TaskAScore, run: Run): unknown[] {
  return score.questions.map((q) => ({
    qid: q.qid,
    zeroAnswer: q.zeroAnswer,
    ap: q.metrics.ap,
    rr: q.metrics.rr,
    passages: run.get(q.qid) ?? [],
  }));
}

export async function runEvalCommand(o: EvalOptions, deps: EvalCommandDeps): Promise<EvalCommandOutput> {
  const rows: ReportRow[] = [];
  const perQuestion: Record<string, unknown[]> = {};
  const notes: string[] = [];
  let trecRun: string | undefined;

  if (o.format === 'taskA') {
    const data = await loadTaskA(o.dataset, o.split === 'train' ? 'train' : 'dev', deps.corpus);
    notes.push(...TASK_A_NOTES);
    if (o.run) {
      const run = parseTrecRun(await readFile(o.run, 'utf8'));
      const score = scoreTaskA(data.qrels, run);
      const name = basename(o.run);
      rows.push(taskARow(name, score, run));
      perQuestion[name] = taskAPerQuestion(score, run);
      notes.push(taskABreakdown(name, score, run));
      if (score.unknownQuestions.length) notes.push(`${score.unknownQuestions.length} run questions are not in the ${o.split} qrels and were ignored`);
    } else {
      for (const name of systemsFor(o)) {
        const result = await runTaskAEval(data.questions, data.qrels, data.collection, await deps.createRetriever(name));
        rows.push(taskARow(result.system, result.score, result.run));
        perQuestion[result.system] = taskAPerQuestion(result.score, result.run);
        notes.push(taskABreakdown(result.system, result.score, result.run));
        if (name === o.engine) trecRun = formatTrecRun(result.run, `quran-dai-${name}`);
      }
    }
  } else {
    const all = parseVerseDataset(await readFile(o.dataset, 'utf8'), (r) => deps.corpus.parseRef(r));
    const avoid = o.avoid ? parseAvoidList(JSON.parse(await readFile(o.avoid, 'utf8'))) : undefined;
    const questions = o.split === 'tune' || o.split === 'report' ? splitByTheme(all, o.split) : all;
    for (const name of systemsFor(o)) {
      const result = await runVerseEval(questions, await deps.createRetriever(name), { k: o.k, recallAt: [10, 20] });
      rows.push({ system: result.system, questions: result.questions.length, mean: result.mean, abstentions: result.abstentions });
      perQuestion[result.system] = result.questions.map((q) => ({
        id: q.id,
        ap: q.metrics.ap,
        rr: q.metrics.rr,
        recall: q.metrics.recall,
        ndcg: q.metrics.ndcg,
        hit3: q.metrics.hit3,
        abstained: q.abstained,
        retrieved: q.retrieved,
      }));
      const byLang = hitsByLanguage(questions, result.questions);
      if (byLang) notes.push(`${result.system} Hit@3 by language: ${byLang}`);
      if (avoid) notes.push(`${result.system} ${avoidedLine(questions, result.questions, avoid)}`);
    }
    if (rows.length === 2) notes.push(recallRatioLine(rows[0]!, rows[1]!));
    notes.push(
      `Verse metrics: AP@${o.k} divides by the number of gold verses R (trec_eval map_cut); Recall@k = gold verses in the top k / R; an abstention scores 0.`,
    );
  }

  const report: EvalReport = {
    generatedAt: deps.now.toISOString(),
    command: deps.command,
    machine: deps.machine,
    dataset: o.dataset,
    format: o.format,
    ...(o.format === 'taskA' ? { split: o.split } : {}),
    k: o.k,
    rows,
    notes,
    perQuestion,
  };
  const title = o.format === 'taskA' ? `Qur'an QA 2023 Task A, ${o.split} split` : `verse dataset ${basename(o.dataset)}`;
  const text = [title, '', formatReportTable(rows, o.k), '', ...notes.map((n) => `- ${n}`)].join('\n');
  return { text, report, ...(trecRun === undefined ? {} : { trecRun }) };
}

/** `en 0.71 (28), ar 0.50 (28)`: Hit@3 per question language, for sets that give one; undefined otherwise. */
export function hitsByLanguage(
  questions: readonly { id: string; lang?: string }[],
  scored: readonly { id: string; metrics: { hit3?: number } }[],
): string | undefined {
  const langOf = new Map(questions.map((q) => [q.id, q.lang]));
  const tally = new Map<string, { hits: number; n: number }>();
  for (const q of scored) {
    const lang = langOf.get(q.id);
    if (lang === undefined || q.metrics.hit3 === undefined) continue;
    const t = tally.get(lang) ?? { hits: 0, n: 0 };
    t.hits += q.metrics.hit3;
    t.n += 1;
    tally.set(lang, t);
  }
  if (tally.size < 2) return undefined;
  return [...tally].map(([lang, t]) => `${lang} ${(t.hits / t.n).toFixed(2)} (${t.n})`).join(', ');
}

/** The verses of an `--avoid` file: a list, or `{"categories": {name: [...]}}`. */
export function parseAvoidList(json: unknown): ReadonlySet<string> {
  const lists = Array.isArray(json) ? [json] : Object.values((json as { categories?: Record<string, unknown> } | null)?.categories ?? {});
  const refs = lists.flat();
  if (refs.length === 0 || !refs.every((r) => typeof r === 'string' && /^\d{1,3}:\d{1,3}$/.test(r))) {
    throw new Error('--avoid: expected a list of "S:A" verses, or {"categories": {"name": ["S:A", ...]}}');
  }
  return new Set(refs as string[]);
}

/** How many questions that ask about nothing else have none of the verses to avoid in their first ten. */
export function avoidedLine(
  questions: readonly VerseQuestion[],
  results: readonly { readonly retrieved: readonly string[] }[],
  avoid: ReadonlySet<string>,
): string {
  let asked = 0;
  let clean = 0;
  questions.forEach((q, i) => {
    if (q.asksAbout !== undefined) return;
    asked++;
    if (!results[i]!.retrieved.slice(0, 10).some((r) => avoid.has(r))) clean++;
  });
  return `no verse to avoid in the first ten: ${clean} of ${asked} (${asked ? (clean / asked).toFixed(3) : '-'}; questions that ask about something else left out)`;
}
