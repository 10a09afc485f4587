import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { parseEvalArgs } from './eval-args.js';
import { avoidedLine, hitsByLanguage, parseAvoidList, runEvalCommand, type EvalCommandDeps } from './eval-command.js';
import { TASK_A_DIR } from './external-data.js';
import { realExternalData, SYNTHETIC_EXTERNAL_DIR } from './eval-test-data.js';
import type { VerseRetriever } from './verse-retriever.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

/** Stand-in systems: "engine" answers 2:153 then 2:155; "baseline" answers 1:1. */
const standIn = (name: string, verses: string[]): VerseRetriever => ({ name, retrieve: async () => ({ verses, abstained: false }) });
const deps = (): EvalCommandDeps => ({
  corpus,
  createRetriever: async (name) => (name === 'plain-bm25' ? standIn('plain-bm25', ['1:1']) : standIn(name, ['2:153', '2:155'])),
  machine: 'test machine',
  command: 'npm run eval -- test',
  now: new Date('2026-01-02T03:04:05Z'),
});

const REAL = realExternalData('scripts/eval/eval-command.test.ts');

describe('when scoring a run through the command (synthetic Task A folder)', () => {
  it('should print the row worked out by hand and the abstention summary', async () => {
    const dir = join(SYNTHETIC_EXTERNAL_DIR, TASK_A_DIR);
    const out = await runEvalCommand(parseEvalArgs(['--dataset', dir, '--run', join(dir, 'baseline_runs', 'bigIR_BM25_dev.tsv')]), deps());
    // 901: (1/2 + 2/3) / 2 and 1/2; 902: 0; 903 abstains: 1 → MAP@10 19/36, MRR@10 1/2.
    expect(out.text).toMatch(/\| bigIR_BM25_dev\.tsv \| 3 +\| 0\.5278 \| 0\.5000 \|/);
    expect(out.report.rows[0]!.mean.ap).toBeCloseTo(19 / 36, 12);
    expect(out.text).toContain('bigIR_BM25_dev.tsv: 1/1 zero-answer questions answered -1; 0/2 answerable questions abstained');
    expect(out.trecRun).toBeUndefined();
  });
});

describe.skipIf(!REAL)('when scoring the organisers run through the command (real data)', () => {
  it('should print MAP@10 0.1703 and MRR@10 0.3133 for bigIR_BM25_dev', async () => {
    const dir = join(REAL!, TASK_A_DIR);
    const out = await runEvalCommand(parseEvalArgs(['--dataset', dir, '--run', join(dir, 'baseline_runs', 'bigIR_BM25_dev.tsv')]), deps());
    expect(out.text).toMatch(/\| bigIR_BM25_dev\.tsv \| 25 +\| 0\.1703 \| 0\.3133 \|/);
    expect(out.report.rows[0]!.mean.ap.toFixed(4)).toBe('0.1703');
    expect(out.text).toContain('bigIR_BM25_dev.tsv: 0/4 zero-answer questions answered -1; 0/21 answerable questions abstained');
    expect(out.trecRun).toBeUndefined();
  });
});

describe('when evaluating an engine on a verse dataset', () => {
  it('should score the engine and the baseline, state the ratio, and fill the JSON report', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'eval-cmd-')), 'set.jsonl');
    writeFileSync(file, '{"id":"p","query":"patience","relevant":["2:153","2:155-157"]}\n');
    const out = await runEvalCommand(parseEvalArgs(['--dataset', file, '--engine', 'lexical']), deps());
    expect(out.report.rows.map((r) => r.system)).toEqual(['lexical', 'plain-bm25']);
    // lexical: hits at ranks 1 and 2 of R = 4 → AP (1 + 1) / 4, Recall@20 2/4
    expect(out.report.rows[0]!.mean.ap).toBe(0.5);
    expect(out.report.rows[0]!.mean.recall[20]).toBe(0.5);
    expect(out.report.rows[1]!.mean.recall[20]).toBe(0);
    expect(out.text).toContain('lexical Recall@20 0.5000; plain-bm25 is 0, no ratio');
    expect(out.report).toMatchObject({ generatedAt: '2026-01-02T03:04:05.000Z', machine: 'test machine', format: 'verses', k: 10 });
    expect(out.report.perQuestion['lexical']).toEqual([expect.objectContaining({ id: 'p', retrieved: ['2:153', '2:155'], abstained: false })]);
  });
});

describe('when evaluating an engine on Task A (synthetic Task A folder)', () => {
  it('should score every dev question and return the TREC run of the engine, a verse in two passages giving both', async () => {
    const dir = join(SYNTHETIC_EXTERNAL_DIR, TASK_A_DIR);
    const out = await runEvalCommand(parseEvalArgs(['--dataset', dir, '--engine', 'lexical', '--no-baseline']), deps());
    expect(out.report.rows).toHaveLength(1);
    expect(out.report.rows[0]!.questions).toBe(3);
    // 2:153 is in passage 2:153-157; 2:155 also in 2:155-160 → two rows per question.
    expect(out.trecRun!.split('\n').slice(0, 3)).toEqual([
      '901\tQ0\t2:153-157\t1\t2\tquran-dai-lexical',
      '901\tQ0\t2:155-160\t2\t1\tquran-dai-lexical',
      '902\tQ0\t2:153-157\t1\t2\tquran-dai-lexical',
    ]);
    // 901: both relevant passages at ranks 1 and 2; 902 and 903 score 0.
    expect(out.report.rows[0]!.mean.ap).toBeCloseTo(1 / 3, 12);
  });
});

describe.skipIf(!REAL)('when evaluating an engine on Task A (real data)', () => {
  it('should score every dev question and return the TREC run of the engine', async () => {
    const dir = join(REAL!, TASK_A_DIR);
    const out = await runEvalCommand(parseEvalArgs(['--dataset', dir, '--engine', 'lexical', '--no-baseline']), deps());
    expect(out.report.rows).toHaveLength(1);
    expect(out.report.rows[0]!.questions).toBe(25);
    // 2:153 is in passage 2:151-153 and 2:155 in 2:154-157 → two rows per question
    expect(out.trecRun!.split('\n').slice(0, 2)).toEqual(['114\tQ0\t2:151-153\t1\t2\tquran-dai-lexical', '114\tQ0\t2:154-157\t2\t1\tquran-dai-lexical']);
  });
});

describe('when a verse set gives each question a language', () => {
  it('should tally Hit@3 per language, and say nothing for a one-language set', () => {
    const questions = [
      { id: 'a', lang: 'en' },
      { id: 'b', lang: 'en' },
      { id: 'c', lang: 'ar' },
    ];
    const scored = [
      { id: 'a', metrics: { hit3: 1 } },
      { id: 'b', metrics: { hit3: 0 } },
      { id: 'c', metrics: { hit3: 1 } },
    ];
    expect(hitsByLanguage(questions, scored)).toBe('en 0.50 (2), ar 1.00 (1)');
    expect(hitsByLanguage(questions.slice(0, 2), scored)).toBeUndefined();
  });
});

describe('when verses to avoid are given', () => {
  it('should count the questions whose first ten hold none of them, leaving out those that ask about something else', () => {
    const avoid = parseAvoidList({ categories: { punishment: ['4:56'], prayer: ['9:84'] } });
    const questions = [
      { id: 'a', query: 'grief', relevant: new Set(['2:155']) },
      { id: 'b', query: 'grief', relevant: new Set(['2:155']) },
      { id: 'c', query: 'may I pray for him', relevant: new Set(['9:113']), asksAbout: 'praying for the dead' },
    ];
    const results = [{ retrieved: ['2:155', '2:156'] }, { retrieved: ['2:155', '9:84'] }, { retrieved: ['9:84'] }];
    expect(avoidedLine(questions, results, avoid)).toBe('no verse to avoid in the first ten: 1 of 2 (0.500; questions that ask about something else left out)');
    expect(() => parseAvoidList({ categories: {} })).toThrow(/--avoid: expected a list/);
  });
});
