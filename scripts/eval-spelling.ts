/**
 * `npm run eval:spelling`: how often the Arabic search keys of the Uthmani text differ from the
 * keys of the same verses in modern spelling (the Qur'an QA 2023 passage collection), with the
 * most frequent differing pairs, and how many correct modern-spelling quotes the answer's quote
 * check would flag. Run it after changing arabic-normalize.ts, the stemmer or the quote check.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import type { VerseRef } from '../data/corpus/corpus-types.js';
import { createArabicAnalyzer } from '../data/search/analysis/arabic-analyzer.js';
import { externalDataDir, TASK_A_DIR } from './eval/external-data.js';
import { taskAFiles } from './eval/load-task-a.js';
import { quoteMatches } from '../data/answer-check/quote-check.js';
import { flaggedModernQuotes, measureSpellingAgreement, modernVersesOfPassage } from './eval/spelling-agreement.js';

async function main(): Promise<void> {
  const corpus = await loadCorpusFromDir({ tracks: [] });
  // The passage collection is the same file for both splits.
  const tsv = await readFile(taskAFiles(join(externalDataDir(), TASK_A_DIR), 'dev').passages, 'utf8');
  const parseRange = (id: string) => corpus.parseRef(id);
  const indexOf = (ref: VerseRef) => corpus.indexOf(ref);
  // 4:12 and 33:42-44 sit in two passages; each verse is compared once.
  const byIndex = new Map(
    tsv
      .split(/\r?\n/)
      .filter((l) => l.trim() !== '')
      .flatMap((l) => modernVersesOfPassage(l, parseRange, indexOf))
      .map((v) => [v.index, v]),
  );
  const r = measureSpellingAgreement([...byIndex.values()], corpus.trackTexts('arabic-search'), createArabicAnalyzer());
  const pct = (n: number, d: number) => `${((100 * n) / d).toFixed(1)}%`;
  console.log(`corpus ${corpus.version}, analyzer ${createArabicAnalyzer().id}`);
  console.log(
    `verses whose search keys differ from modern spelling: ${r.versesDiffering} of ${r.verses} (${pct(r.versesDiffering, r.verses)}; ${r.keyCountDiffers} with a different number of keys)`,
  );
  console.log(`keys compared ${r.keysCompared}, differing ${r.keysDiffering} (${pct(r.keysDiffering, r.keysCompared)})\n`);
  const flagged = flaggedModernQuotes([...byIndex.values()], corpus.trackTexts('arabic'), quoteMatches);
  const refs = flagged.slice(0, 10).map((i) => `${corpus.refAt(i).surah}:${corpus.refAt(i).ayah}`);
  console.log(
    `answer quote check: correct modern-spelling quotes flagged as not matching: ${flagged.length} of ${r.verses}${refs.length ? ` (${refs.join(', ')}${flagged.length > refs.length ? ', …' : ''})` : ''}\n`,
  );
  console.log('| count | modern key | Uthmani key |\n|---:|---|---|');
  for (const p of r.topPairs) console.log(`| ${p.count} | ${p.modern} | ${p.uthmani} |`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
