import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { convertAll, CONVERTED_FILES } from './convert-all.js';
import { realExternalData, SYNTHETIC_EXTERNAL_DIR } from './eval-test-data.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const countsIn = async (dir: string) => {
  const out = await convertAll(
    (p) => readFile(join(dir, p), 'utf8'),
    (r) => corpus.parseRef(r),
  );
  expect(Object.keys(out)).toEqual([...CONVERTED_FILES]);
  return Object.fromEntries(Object.entries(out).map(([f, r]) => [f, [r.lines.length, r.skipped.length]]));
};

describe('when converting every external dataset (synthetic files)', () => {
  it('should produce each output file with its lines and skipped questions', async () => {
    expect(await countsIn(SYNTHETIC_EXTERNAL_DIR)).toEqual({
      'islamqa-dev.jsonl': [2, 1],
      'quqa.jsonl': [2, 1],
      'qac-concepts.jsonl': [3, 0],
      'taskA-train.jsonl': [1, 1],
      'taskA-dev.jsonl': [2, 1],
    });
  });
});

const REAL = realExternalData('scripts/eval/convert-all.test.ts');

describe.skipIf(!REAL)('when converting every external dataset (real data)', () => {
  it('should produce each output file with the expected question counts', async () => {
    expect(await countsIn(REAL!)).toEqual({
      'islamqa-dev.jsonl': [224, 0],
      'quqa.jsonl': [2009, 0],
      'qac-concepts.jsonl': [245, 0],
      'taskA-train.jsonl': [148, 26],
      'taskA-dev.jsonl': [21, 4],
    });
  });
});
