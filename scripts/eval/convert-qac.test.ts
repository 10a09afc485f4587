import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { convertQac, QAC_FILE } from './convert-qac.js';
import { realExternalData, SYNTHETIC_EXTERNAL_DIR } from './eval-test-data.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});
const parse = (r: string) => corpus.parseRef(r);

describe('when converting QAC concepts', () => {
  it('should use the concept name as an English query and its verses as gold', () => {
    const tsv =
      'concept_id\tconcept_name\tn_verses\ttruncated_at_250\tverses\tdefinition\nabel\tAbel\t1\tfalse\t5:27\tdef\naad\tAad\t2\tfalse\t7:65 7:74\tdef\n';
    expect(convertQac(tsv, parse).lines).toEqual([
      { id: 'abel', query: 'Abel', lang: 'en', relevant: ['5:27'] },
      { id: 'aad', query: 'Aad', lang: 'en', relevant: ['7:65', '7:74'] },
    ]);
  });

  it('should read the TSV file with its header', () => {
    const out = convertQac(readFileSync(join(SYNTHETIC_EXTERNAL_DIR, QAC_FILE), 'utf8'), parse);
    expect(out.lines.map((l) => [l.id, l.query, l.relevant])).toEqual([
      ['patience', 'Patience', ['2:153', '2:155']],
      ['prayer', 'Prayer', ['20:14']],
      ['mercy', 'Mercy', ['1:3']],
    ]);
    expect(out.skipped).toEqual([]);
  });
});

const REAL = realExternalData('scripts/eval/convert-qac.test.ts');

describe.skipIf(!REAL)('when converting the real QAC file', () => {
  it('should account for all 245 concepts', () => {
    const out = convertQac(readFileSync(join(REAL!, QAC_FILE), 'utf8'), parse);
    expect(out.lines.length + out.skipped.length).toBe(245);
  });
});
