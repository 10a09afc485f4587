import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { VERSE_COUNT } from '../../data/corpus/corpus.js';
import { TASK_A_DIR } from './external-data.js';
import { realExternalData, SYNTHETIC_EXTERNAL_DIR } from './eval-test-data.js';
import { parsePassageCollection, versesToPassageRanking, type PassageCollection } from './task-a-passages.js';

/** A toy collection: surah 1 of 7 verses in three passages, verse 4 in two of them. */
const toyRange = (id: string) => {
  const [s, a, b] = id.split(/[:-]/).map(Number);
  return { surah: s!, from: a!, to: b! };
};
const toy = parsePassageCollection('1:1-2\tx\n1:3-4\tx\n1:4-7\tx\n', toyRange, 7);

describe('when mapping a verse ranking to passages', () => {
  it('should map each verse to its passage, de-duplicating and keeping first occurrence', () => {
    expect(versesToPassageRanking(['1:2', '1:1', '1:6', '1:3'], toy, 10)).toEqual(['1:1-2', '1:4-7', '1:3-4']);
  });

  it('should map a verse in two passages to both, earlier-starting first', () => {
    expect(versesToPassageRanking(['1:4', '1:1'], toy, 10)).toEqual(['1:3-4', '1:4-7', '1:1-2']);
  });

  it('should cut the passage ranking at k', () => {
    expect(versesToPassageRanking(['1:4', '1:1'], toy, 2)).toEqual(['1:3-4', '1:4-7']);
  });

  it('should reject a verse that no passage contains', () => {
    expect(() => versesToPassageRanking(['1:9'], toy, 10)).toThrow(/no QPC passage/);
  });
});

describe('when reading a QPC file (synthetic)', () => {
  let qpc: PassageCollection;
  beforeAll(async () => {
    const corpus = await loadTestCorpus();
    const tsv = readFileSync(join(SYNTHETIC_EXTERNAL_DIR, TASK_A_DIR, 'QQA23_TaskA_QPC_v1.1.tsv'), 'utf8');
    qpc = parsePassageCollection(tsv, (id) => corpus.parseRef(id), VERSE_COUNT);
  });

  it('should hold its 117 passages covering all 6,236 verses', () => {
    expect(qpc.passages).toHaveLength(117);
    expect(qpc.containing.size).toBe(6236);
    expect(qpc.passages[0]).toStrictEqual({ id: '1:1-7', range: { surah: 1, from: 1, to: 7 } });
  });

  it('should put the verses of the two overlaps in both passages', () => {
    const shared = [...qpc.containing].filter(([, ids]) => ids.length > 1).map(([ref]) => ref);
    expect(shared).toEqual(['2:155', '2:156', '2:157', '2:158', '2:159', '2:160']);
    expect(qpc.containing.get('2:158')).toEqual(['2:155-160', '2:158-286']);
  });

  it('should fail with a clear message when the file does not cover every verse', () => {
    expect(() => parsePassageCollection('1:1-7\tx\n', toyRange, 6236)).toThrow(/covers 7 verses, expected 6236/);
  });
});

const REAL = realExternalData('scripts/eval/task-a-passages.test.ts');

describe.skipIf(!REAL)('when reading the real QPC', () => {
  let qpc: PassageCollection;
  beforeAll(async () => {
    const corpus = await loadTestCorpus();
    const tsv = readFileSync(join(REAL!, TASK_A_DIR, 'QQA23_TaskA_QPC_v1.1.tsv'), 'utf8');
    qpc = parsePassageCollection(tsv, (id) => corpus.parseRef(id), VERSE_COUNT);
  });

  it('should hold 1,266 passages covering all 6,236 verses', () => {
    expect(qpc.passages).toHaveLength(1266);
    expect(qpc.containing.size).toBe(6236);
  });

  it('should put exactly 4:12 and 33:42-44 in two passages', () => {
    const shared = [...qpc.containing].filter(([, ids]) => ids.length > 1);
    expect(shared).toEqual([
      ['4:12', ['4:11-12', '4:12-14']],
      ['33:42', ['33:41-44', '33:42-48']],
      ['33:43', ['33:41-44', '33:42-48']],
      ['33:44', ['33:41-44', '33:42-48']],
    ]);
  });
});
