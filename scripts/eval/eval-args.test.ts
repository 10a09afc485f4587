import { describe, expect, it } from 'vitest';
import { parseEvalArgs } from './eval-args.js';

describe('when parsing eval arguments', () => {
  it('should apply the defaults and infer the format from the path', () => {
    expect(parseEvalArgs(['--dataset', 'eval-data/islamqa-dev.jsonl'])).toEqual({
      dataset: 'eval-data/islamqa-dev.jsonl',
      format: 'verses',
      k: 10,
      engine: 'lexical',
      split: 'all',
      baseline: true,
    });
    expect(parseEvalArgs(['--dataset', 'eval/quran-qa-2023-taskA']).format).toBe('taskA');
  });

  it('should read every option', () => {
    const o = parseEvalArgs([
      '--dataset',
      'd',
      '--format',
      'verses',
      '--k',
      '5',
      '--engine',
      'plain-bm25',
      '--split',
      'report',
      '--json',
      'o.json',
      '--no-baseline',
    ]);
    expect(o).toEqual({ dataset: 'd', format: 'verses', k: 5, engine: 'plain-bm25', split: 'report', json: 'o.json', baseline: false });
  });

  it('should keep each split with the format it belongs to', () => {
    expect(parseEvalArgs(['--dataset', 'taskA']).split).toBe('dev');
    expect(() => parseEvalArgs(['--dataset', 'taskA', '--split', 'tune'])).toThrow(/Task A has dev and train/);
    expect(() => parseEvalArgs(['--dataset', 'v.jsonl', '--split', 'train'])).toThrow(/a verse set takes tune, report or all/);
  });

  it('should reject bad values with a message that says what is allowed', () => {
    expect(() => parseEvalArgs([])).toThrow(/--dataset is required/);
    expect(() => parseEvalArgs(['--dataset', 'd', '--engine', 'magic'])).toThrow(/--engine must be one of lexical, hybrid, dense, plain-bm25/);
    expect(() => parseEvalArgs(['--dataset', 'd.jsonl', '--k', '0'])).toThrow(/positive integer/);
    expect(() => parseEvalArgs(['--dataset', 'dir', '--k', '20'])).toThrow(/fixed at 10 for Task A/);
    expect(() => parseEvalArgs(['--dataset', 'd.jsonl', '--run', 'r.tsv'])).toThrow(/needs --format taskA/);
    expect(() => parseEvalArgs(['--dataset', 'd', '--bogus'])).toThrow();
  });

  it('should read engine options as a JSON object of known option names', () => {
    const o = parseEvalArgs(['--dataset', 'd', '--engine-options', '{"arabicNgramWeight":0,"coverageExponent":{}}']);
    expect(o.engineOptions).toEqual({ arabicNgramWeight: 0, coverageExponent: {} });
    expect(() => parseEvalArgs(['--dataset', 'd', '--engine-options', 'ngram=0'])).toThrow(/--engine-options must be a JSON object/);
    expect(() => parseEvalArgs(['--dataset', 'd', '--engine-options', '[1]'])).toThrow(/--engine-options must be a JSON object/);
    expect(() => parseEvalArgs(['--dataset', 'd', '--engine-options', '{"ngramWeight":0}'])).toThrow(/unknown option ngramWeight; known: k, topContext/);
    expect(() => parseEvalArgs(['--dataset', 'd', '--engine', 'plain-bm25', '--engine-options', '{"k":5}'])).toThrow(/plain-bm25 has none/);
  });

  it('should take --embedder e5 for the vector engines only, instead of --index', () => {
    expect(parseEvalArgs(['--dataset', 'd', '--engine', 'hybrid', '--embedder', 'e5'])).toMatchObject({ engine: 'hybrid', embedder: 'e5' });
    expect(parseEvalArgs(['--dataset', 'd', '--engine', 'dense', '--index', 'x'])).toMatchObject({ engine: 'dense', index: 'x' });
    expect(() => parseEvalArgs(['--dataset', 'd', '--engine', 'hybrid', '--embedder', 'gemini'])).toThrow(/--embedder must be e5/);
    expect(() => parseEvalArgs(['--dataset', 'd', '--engine', 'hybrid', '--embedder', 'e5', '--index', 'x'])).toThrow(/drop --index/);
    expect(() => parseEvalArgs(['--dataset', 'd', '--embedder', 'e5'])).toThrow(/go with --engine hybrid or dense, not lexical/);
  });
});
