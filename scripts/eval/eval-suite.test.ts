import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { parseEvalArgs } from './eval-args.js';
import { runSuite, suiteSteps } from './eval-suite.js';
import { realExternalData, SYNTHETIC_EXTERNAL_DIR } from './eval-test-data.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when listing the suite', () => {
  it('should give six valid eval invocations, the scorer check first', () => {
    const steps = suiteSteps('ext', 'eval-data', 'lexical');
    expect(steps).toHaveLength(6);
    expect(steps.map((s) => parseEvalArgs(s.args).format)).toEqual(['taskA', 'taskA', 'taskA', 'verses', 'verses', 'verses']);
    expect(parseEvalArgs(steps[0]!.args).run).toBe(join('ext', 'quran-qa-2023-taskA', 'baseline_runs', 'bigIR_BM25_dev.tsv'));
    expect(parseEvalArgs(suiteSteps('ext', 'd', 'hybrid', 'idx')[1]!.args)).toMatchObject({ engine: 'hybrid', index: 'idx', split: 'dev' });
  });
});

const REAL = realExternalData('scripts/eval/eval-suite.test.ts');

/** The suite's first step (the scorer check) run over `externalDir`: the command line and the markdown. */
async function runScorerCheck(externalDir: string): Promise<{ command: string; markdown: string }> {
  const [check] = suiteSteps(externalDir, 'eval-data', 'lexical');
  const { markdown } = await runSuite([check!], {
    corpus,
    createRetriever: () => Promise.reject(new Error('not used by a --run step')),
    machine: 'm',
    now: new Date(0),
  });
  return { command: `npm run eval -- ${check!.args.join(' ')}`, markdown };
}

describe('when running a suite step (synthetic data)', () => {
  it('should print the pasteable command and the table', async () => {
    const { command, markdown } = await runScorerCheck(SYNTHETIC_EXTERNAL_DIR);
    expect(markdown).toContain(command);
    expect(markdown).toMatch(/\| bigIR_BM25_dev\.tsv \| 3 +\| 0\.5278 \| 0\.5000 \|/);
  });
});

describe.skipIf(!REAL)('when running a suite step (real data)', () => {
  it('should print the pasteable command and the table', async () => {
    const { command, markdown } = await runScorerCheck(REAL!);
    expect(markdown).toContain(command);
    expect(markdown).toMatch(/\| bigIR_BM25_dev\.tsv \| 25 +\| 0\.1703 \| 0\.3133 \|/);
  });
});
