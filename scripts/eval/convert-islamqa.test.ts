import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { convertIslamqa, ISLAMQA_FILE } from './convert-islamqa.js';
import { realExternalData, SYNTHETIC_EXTERNAL_DIR } from './eval-test-data.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});
const parse = (r: string) => corpus.parseRef(r);

describe('when converting islamqa rows', () => {
  it('should keep id, question and cited verses as an English question', () => {
    const row = { id: 'faith-2', category: 'c', question: ' What is faith? ', citations: [], cited_verses: ['4:116', '9:65', '4:116'] };
    expect(convertIslamqa(JSON.stringify(row), parse)).toEqual({
      lines: [{ id: 'faith-2', query: 'What is faith?', lang: 'en', relevant: ['4:116', '9:65'] }],
      skipped: [],
    });
  });

  it('should drop invalid references and skip a question left with none', () => {
    const rows = [
      { id: 'a', question: 'q', cited_verses: ['2:300', '2:255'] },
      { id: 'b', question: 'q', cited_verses: ['115:1'] },
    ].map((r) => JSON.stringify(r));
    const out = convertIslamqa(rows.join('\n'), parse);
    expect(out.lines.map((l) => [l.id, l.relevant])).toEqual([['a', ['2:255']]]);
    expect(out.skipped.map((s) => s.id)).toEqual(['b']);
    expect(out.skipped[0]!.reason).toMatch(/surah 115 does not exist/);
  });

  it('should read the JSONL file: one line per question with a real verse', () => {
    const out = convertIslamqa(readFileSync(join(SYNTHETIC_EXTERNAL_DIR, ISLAMQA_FILE), 'utf8'), parse);
    expect(out.lines.map((l) => [l.id, l.relevant])).toEqual([
      ['synthetic-patience-1', ['2:153', '2:155']],
      ['synthetic-prayer-2', ['20:14']],
    ]);
    expect(out.skipped.map((s) => s.id)).toEqual(['synthetic-none-3']);
  });
});

const REAL = realExternalData('scripts/eval/convert-islamqa.test.ts');

describe.skipIf(!REAL)('when converting the real islamqa file', () => {
  it('should account for all 224 questions', () => {
    const out = convertIslamqa(readFileSync(join(REAL!, ISLAMQA_FILE), 'utf8'), parse);
    expect(out.lines.length + out.skipped.length).toBe(224);
    expect(out.lines.length).toBeGreaterThan(200);
  });
});
