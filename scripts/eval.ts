/**
 * `npm run eval -- --dataset <path> [--format taskA|verses] [--k 10] [--engine ...]`
 * Thin CLI: parse options, load the corpus, run scripts/eval/eval-command.ts, print/write.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../data/corpus/corpus-types.js';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { parseEvalArgs } from './eval/eval-args.js';
import { runEvalCommand } from './eval/eval-command.js';
import { createRetriever } from './eval/create-retriever.js';
import { machineInfo } from './eval/machine-info.js';

async function main(): Promise<void> {
  const options = parseEvalArgs(process.argv.slice(2));
  const corpus = await loadCorpusFromDir({ tracks: [...TRANSLATION_LANGS, TRANSLITERATION_KEY] });
  const out = await runEvalCommand(options, {
    corpus,
    createRetriever: (name) =>
      createRetriever(name, corpus, {
        ...(options.index ? { index: options.index } : {}),
        ...(options.engineOptions ? { engineOptions: options.engineOptions } : {}),
      }),
    machine: machineInfo(),
    command: `npm run eval -- ${process.argv.slice(2).join(' ')}`,
    now: new Date(),
  });
  console.log(out.text);
  if (options.json) {
    await mkdir(dirname(options.json), { recursive: true });
    await writeFile(options.json, JSON.stringify(out.report, null, 2) + '\n');
    console.log(`\nJSON report: ${options.json}`);
  }
  if (options.writeRun && out.trecRun) {
    await mkdir(dirname(options.writeRun), { recursive: true });
    await writeFile(options.writeRun, out.trecRun);
    console.log(`TREC run: ${options.writeRun}`);
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 1;
});
