/**
 * `npm run eval:citations -- --dataset FILE [--verses quranic_verses.json] [--json OUT]
 * [--write-task2 OUT.tsv] [--write-task3 OUT.tsv]`: the answer check measured on LLM quotations
 * of the Quran judged by experts (IslamicEval 2026's format, `scripts/eval/citation-eval.ts`).
 * Without `--dataset` it reads the visible development file beside the repo, and skips with one
 * line when that is absent (a fresh clone).
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { locateExternalData } from './eval/external-data.js';
import { organiserVerseTexts, parseCitationRows, predictCitations, scoreCitations, task2Predictions, task3Predictions } from './eval/citation-eval.js';

export const ISLAMICEVAL_DIR = 'islamiceval-2026';
export const VISIBLE_CITATIONS = 'dev-citations-visible.jsonl';

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      dataset: { type: 'string' },
      verses: { type: 'string' },
      json: { type: 'string' },
      'write-task2': { type: 'string' },
      'write-task3': { type: 'string' },
    },
    strict: true,
  });
  let dataset = values.dataset;
  if (!dataset) {
    const found = locateExternalData();
    if (found.dir === undefined || !existsSync(join(found.dir, ISLAMICEVAL_DIR, VISIBLE_CITATIONS))) {
      console.log(
        `eval:citations: skipped, no ${ISLAMICEVAL_DIR}/${VISIBLE_CITATIONS} (${found.dir === undefined ? found.reason : `not in ${found.dir}`}); pass --dataset FILE`,
      );
      return;
    }
    dataset = join(found.dir, ISLAMICEVAL_DIR, VISIBLE_CITATIONS);
  }
  const versesPath = values.verses ?? join(dirname(dataset), 'quranic_verses.json');
  if (!existsSync(versesPath)) throw new Error(`no ${versesPath}: the organisers' Quran text, in which corrections are written; pass --verses FILE`);
  const corpus = await loadCorpusFromDir({ tracks: [] });
  const rows = parseCitationRows(await readFile(dataset, 'utf8'), dataset);
  const verses = organiserVerseTexts(JSON.parse(await readFile(versesPath, 'utf8')), corpus);
  const started = performance.now();
  const predictions = predictCitations(rows, corpus);
  const ms = performance.now() - started;
  const s = scoreCitations(predictions, verses);
  const pct = (x: number) => x.toFixed(4);
  console.log(`dataset ${dataset}: ${s.citations} citations, corpus ${corpus.version}, checked in ${ms.toFixed(0)} ms`);
  console.log(`| measure | value |\n|---|---:|`);
  console.log(`| Ayah accuracy | ${pct(s.ayahAccuracy)} |`);
  console.log(`| claimed-source accuracy | ${pct(s.claimedSourceAccuracy)} |`);
  console.log(`| subtask 2 accuracy (mean of the two) | ${pct(s.accuracy)} |`);
  console.log(`| misquotes accepted | ${s.misquotesAccepted} of ${s.misquotes} |`);
  console.log(`| correct quotes rejected | ${s.correctRejected} of ${s.correctQuotes} |`);
  console.log(`| correction accuracy (subtask 3) | ${pct(s.correctionAccuracy)} (${s.corrections} misquotes) |`);
  if (values['write-task2']) await writeFile(values['write-task2'], task2Predictions(predictions));
  if (values['write-task3']) await writeFile(values['write-task3'], task3Predictions(predictions, verses));
  if (values.json) {
    const perCitation = predictions.map((p) => ({
      response_id: p.row.response_id,
      annotation_id: p.row.annotation_id,
      gold: p.row.segments.map((x) => x.label),
      predicted: p.labels,
      correction: p.correction?.map((i) => `${corpus.refAt(i).surah}:${corpus.refAt(i).ayah}`),
    }));
    await writeFile(values.json, JSON.stringify({ generatedAt: new Date().toISOString(), dataset, corpus: corpus.version, scores: s, perCitation }, null, 2));
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
