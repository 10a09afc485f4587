/**
 * `npm run eval:convert [-- --out eval-data]`: convert the external datasets in
 * ../shared/eval/external/ into the verse JSONL format, into a gitignored folder.
 * The output is evaluation data: never commit or ship it.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { convertAll } from './eval/convert-all.js';
import { externalDataDir, REPO_ROOT } from './eval/external-data.js';
import { formatVerseDataset } from './eval/verse-dataset.js';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { out: { type: 'string', default: join(REPO_ROOT, 'eval-data') } }, strict: true });
  const source = externalDataDir();
  const corpus = await loadCorpusFromDir({ tracks: [] });
  const results = await convertAll(
    (p) => readFile(join(source, p), 'utf8'),
    (r) => corpus.parseRef(r),
  );
  await mkdir(values.out!, { recursive: true });
  for (const [file, result] of Object.entries(results)) {
    await writeFile(join(values.out!, file), formatVerseDataset(result.lines));
    console.log(`${file}: ${result.lines.length} questions, ${result.skipped.length} skipped`);
    const reasons = new Map<string, number>();
    for (const s of result.skipped) {
      const reason = s.reason.replace(/\d+:\d+(-\d+)?/g, 'S:A').slice(0, 100);
      reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
    }
    for (const [reason, n] of reasons) console.log(`  skipped ${n}: ${reason}`);
  }
  console.log(`written to ${values.out}`);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
