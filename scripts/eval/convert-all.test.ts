import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/corpus/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { convertAll, CONVERTED_FILES } from './convert-all.js';
import { externalDataDir } from './external-data.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when converting every external dataset', () => {
  it('should produce each output file with the expected question counts', async () => {
    const dir = externalDataDir();
    const out = await convertAll((p) => readFile(join(dir, p), 'utf8'), (r) => corpus.parseRef(r));
    expect(Object.keys(out)).toEqual([...CONVERTED_FILES]);
    const counts = Object.fromEntries(Object.entries(out).map(([f, r]) => [f, [r.lines.length, r.skipped.length]]));
    expect(counts).toEqual({
      'islamqa-dev.jsonl': [224, 0],
      'quqa.jsonl': [2009, 0],
      'qac-concepts.jsonl': [245, 0],
      'taskA-train.jsonl': [148, 26],
      'taskA-dev.jsonl': [21, 4],
    });
  });
});
