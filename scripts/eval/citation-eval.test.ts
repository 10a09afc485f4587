import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { locateExternalData, REPO_ROOT } from './external-data.js';
import {
  goldTask2,
  goldTask3,
  NO_VERSE,
  organiserVerseTexts,
  parseCitationRows,
  predictCitations,
  scoreCitations,
  standardizeQuran,
  task2Predictions,
  task3Predictions,
  type CitationPrediction,
  type CitationRow,
} from './citation-eval.js';

const FIXTURES = join(REPO_ROOT, 'scripts', 'eval', '__fixtures__', 'external', 'islamiceval-2026');

let corpus: Corpus;
let rows: CitationRow[];
let verses: string[];
let predictions: CitationPrediction[];
beforeAll(async () => {
  corpus = await loadTestCorpus();
  rows = parseCitationRows(await readFile(join(FIXTURES, 'dev-citations-visible.jsonl'), 'utf8'));
  verses = organiserVerseTexts(JSON.parse(await readFile(join(FIXTURES, 'quranic_verses.json'), 'utf8')), corpus);
  predictions = predictCitations(rows, corpus);
});

describe('when the answer check is measured on judged LLM quotations', () => {
  it('should label each quote and claimed source as the widget judges them', () => {
    expect(predictions.map((p) => p.labels)).toEqual([
      ['correct', 'correct'],
      // A misquote of 2:153 whose source names the verse it was meant to be.
      ['incorrect', 'correct'],
      // A made-up saying that cites a hadith collection.
      ['incorrect', 'incorrect'],
      // A true quote of 112:1 given as 112:2.
      ['correct', 'incorrect'],
      ['correct', 'correct'],
    ]);
  });
  it('should propose the verse a misquote was meant to be, or none', () => {
    const ref = (i: number) => `${corpus.refAt(i).surah}:${corpus.refAt(i).ayah}`;
    expect(predictions.map((p) => p.correction?.map(ref))).toEqual([undefined, ['2:153'], [], undefined, undefined]);
  });
  it('should score as the organisers do: gold N/A left out, corrections after their standardisation', () => {
    expect(scoreCitations(predictions, verses)).toEqual({
      citations: 5,
      ayahAccuracy: 1,
      claimedSourceAccuracy: 1,
      accuracy: 1,
      misquotesAccepted: 0,
      misquotes: 2,
      correctRejected: 0,
      correctQuotes: 3,
      correctionAccuracy: 1,
      corrections: 2,
    });
    // Accepting a misquote is counted as such.
    const accepted = predictions.map((p, i) => (i === 1 ? { ...p, labels: ['correct' as const, 'correct' as const] } : p));
    expect(scoreCitations(accepted, verses)).toMatchObject({ ayahAccuracy: 0.8, misquotesAccepted: 1 });
    expect(standardizeQuran('الْكِتَابُ  أَحَدٌ')).toBe('الكِتابُ احَدٌ');
  });
  it('should write the two prediction files the scorers read', () => {
    expect(task2Predictions(predictions).split('\n').slice(0, 3)).toEqual([
      'Response_ID\tAnnotation_ID\tSegment_Type\tLabel',
      'R001\t1\tAyah\tcorrect',
      'R001\t1\tclaimed_source\tcorrect',
    ]);
    const task3 = task3Predictions(predictions, verses).trim().split('\n');
    expect(task3).toEqual([
      'Response_ID\tAnnotation_ID\tSegment_Type\tCorrection',
      `R001\t2\tAyah\t${verses[corpus.indexOf({ surah: 2, ayah: 153 })]}`,
      `R002\t1\tAyah\t${NO_VERSE}`,
    ]);
    expect(goldTask3(rows).trim().split('\n')).toHaveLength(3);
  });
  it('should name the line of a malformed row', () => {
    expect(() => parseCitationRows('{"response_id": "R1"}\n', 'x.jsonl')).toThrow(/x.jsonl line 1: expected/);
    expect(() => parseCitationRows('\nnot json', 'x.jsonl')).toThrow(/x.jsonl line 2: not JSON/);
  });
});

// The organisers' scorers, on the visible development file beside the repo (never committed).
const external = locateExternalData();
const visible = external.dir === undefined ? undefined : join(external.dir, 'islamiceval-2026');
if (!visible || !existsSync(join(visible, 'dev-citations-visible.jsonl'))) {
  console.info(
    `citation-eval: the organisers' scorers are not run: ${external.dir === undefined ? external.reason : `no islamiceval-2026 in ${external.dir}`}`,
  );
}

describe.runIf(visible && existsSync(join(visible, 'dev-citations-visible.jsonl')))('when the organisers score the same predictions', () => {
  it('should agree with their scorers to the last digit', async () => {
    const realCorpus = (await import('../../data/corpus/corpus-loader-node.js')).loadCorpusFromDir({ tracks: [] });
    const c = await realCorpus;
    const realRows = parseCitationRows(await readFile(join(visible!, 'dev-citations-visible.jsonl'), 'utf8'));
    const realVerses = organiserVerseTexts(JSON.parse(await readFile(join(visible!, 'quranic_verses.json'), 'utf8')), c);
    const real = predictCitations(realRows, c);
    const ours = scoreCitations(real, realVerses);
    const dir = await mkdtemp(join(tmpdir(), 'quran-dai-citations-'));
    try {
      const run = async (task: 2 | 3, pred: string, gold: string) => {
        await writeFile(join(dir, `pred${task}.tsv`), pred);
        await writeFile(join(dir, `gold${task}.tsv`), gold);
        const out = join(dir, `out${task}`);
        try {
          execFileSync(
            '/usr/bin/python3',
            [join(visible!, `task${task}_scoring.py`), '--pred', join(dir, `pred${task}.tsv`), '--ref', join(dir, `gold${task}.tsv`), '--output', out],
            { stdio: 'pipe' },
          );
        } catch (e) {
          throw new Error(
            `the organisers' task${task} scorer failed (it needs Debian's python3-pandas, which npm test installs): ${String((e as { stderr?: Buffer }).stderr ?? e)}`,
          );
        }
        return JSON.parse(await readFile(join(out, 'scores.json'), 'utf8')) as Record<string, number>;
      };
      const t2 = await run(2, task2Predictions(real), goldTask2(realRows));
      const t3 = await run(3, task3Predictions(real, realVerses), goldTask3(realRows));
      expect(t2.accuracy_Ayah).toBeCloseTo(ours.ayahAccuracy, 10);
      expect(t2.accuracy_claimed_source).toBeCloseTo(ours.claimedSourceAccuracy, 10);
      expect(t2.accuracy).toBeCloseTo(ours.accuracy, 10);
      expect(t3.accuracy_Ayah).toBeCloseTo(ours.correctionAccuracy, 10);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
