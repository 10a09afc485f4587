/**
 * The full measurement behind EVAL.md, as one command (`npm run eval:suite`): the scorer
 * check on the organisers' run, then the engine and the plain BM25 baseline on Task A dev and
 * train (official rules), the islamqa dev questions (English), QUQA and the QAC concepts.
 * Each step is an ordinary `npm run eval` invocation, listed so anyone can re-run one.
 */
import { join } from 'node:path';
import type { EngineName, EvalOptions } from './eval-args.js';
import { parseEvalArgs } from './eval-args.js';
import type { EvalCommandDeps, EvalCommandOutput } from './eval-command.js';
import { runEvalCommand } from './eval-command.js';
import { formatReportTable } from './eval-report.js';

export interface SuiteStep {
  readonly title: string;
  readonly args: readonly string[];
}

/** Paths are given relative to the repo so the printed commands can be pasted. */
export function suiteSteps(externalDir: string, evalDataDir: string, engine: EngineName, index?: string): SuiteStep[] {
  const taskA = join(externalDir, 'quran-qa-2023-taskA');
  const e = ['--engine', engine, ...(index ? ['--index', index] : [])];
  return [
    {
      title: "Scorer check: organisers' BM25 run, Task A dev (expected MAP@10 0.1703, MRR@10 0.3133)",
      args: ['--dataset', taskA, '--run', join(taskA, 'baseline_runs', 'bigIR_BM25_dev.tsv')],
    },
    { title: 'Task A dev (Arabic, official rules)', args: ['--dataset', taskA, '--split', 'dev', ...e] },
    { title: 'Task A train (Arabic, official rules)', args: ['--dataset', taskA, '--split', 'train', ...e] },
    { title: 'islamqa cited verses, dev (English, silver gold)', args: ['--dataset', join(evalDataDir, 'islamqa-dev.jsonl'), ...e] },
    { title: 'QUQA (Arabic, verse ranges)', args: ['--dataset', join(evalDataDir, 'quqa.jsonl'), ...e] },
    { title: 'QAC ontology concepts (English concept names)', args: ['--dataset', join(evalDataDir, 'qac-concepts.jsonl'), ...e] },
  ];
}

export interface SuiteResult {
  readonly markdown: string;
  readonly outputs: readonly { step: SuiteStep; output: EvalCommandOutput }[];
}

export async function runSuite(steps: readonly SuiteStep[], deps: Omit<EvalCommandDeps, 'command'>): Promise<SuiteResult> {
  const outputs: { step: SuiteStep; output: EvalCommandOutput }[] = [];
  const parts: string[] = [];
  for (const step of steps) {
    const options: EvalOptions = parseEvalArgs(step.args);
    const command = `npm run eval -- ${step.args.join(' ')}`;
    const output = await runEvalCommand(options, { ...deps, command });
    outputs.push({ step, output });
    const extra = output.report.notes.filter((n) => n.includes('Recall@20 is') || n.includes('zero-answer questions answered'));
    parts.push(
      `### ${step.title}`,
      '',
      '```',
      command,
      '```',
      '',
      formatReportTable(output.report.rows, options.k),
      '',
      ...extra.map((n) => `- ${n}`),
      ...(extra.length ? [''] : []),
    );
  }
  return { markdown: parts.join('\n'), outputs };
}
