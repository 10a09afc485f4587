/**
 * `npm run eval -- --dataset <path> [--format taskA|verses] [--k 10] [--engine ...]`
 * Thin CLI: parse options, load the corpus, run scripts/eval/eval-command.ts, print/write.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { EXPLANATION_LANGS, TRANSLATION_LANGS, TRANSLITERATION_KEY } from '../data/corpus/corpus-types.js';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { parseEvalArgs } from './eval/eval-args.js';
import { runEvalCommand } from './eval/eval-command.js';
import { createRetriever } from './eval/create-retriever.js';
import { machineInfo } from './eval/machine-info.js';
import { loadBuiltTopics } from '../data/topics/topic-loader-optional-node.js';
import type { TopicIndex } from '../data/topics/topic-index.js';
import { openE5Stack, type E5Stack } from './e5/e5-stack.js';
import { createProgressBar } from './index-build/progress-bar.js';

async function main(): Promise<void> {
  const options = parseEvalArgs(process.argv.slice(2));
  // Every text the widget loads by the second question: translations and the verse explanations.
  const corpus = await loadCorpusFromDir({ tracks: [...TRANSLATION_LANGS, TRANSLITERATION_KEY], explanations: [...EXPLANATION_LANGS] });
  const topics = await loadBuiltTopics((line) => console.error(line));
  let e5: E5Stack | undefined;
  if (options.embedder === 'e5') {
    const bar = createProgressBar();
    e5 = await openE5Stack({ corpus, log: (line) => console.error(line), onProgress: (s) => bar.update(s), ...(topics ? { topics } : {}) });
    if (e5.index.built) bar.finish();
    console.error(`e5: ${e5.server.baseURL}, index ${e5.index.dir}`);
  }
  const index = e5?.index.dir ?? options.index;
  const env = e5 ? { ...process.env, EMBEDDINGS_BASE_URL: e5.server.baseURL } : process.env;
  try {
    await evaluate(options, corpus, index, env, topics);
  } finally {
    await e5?.server.stop();
  }
}

async function evaluate(
  options: ReturnType<typeof parseEvalArgs>,
  corpus: Awaited<ReturnType<typeof loadCorpusFromDir>>,
  index: string | undefined,
  env: NodeJS.ProcessEnv,
  topics: TopicIndex | undefined,
): Promise<void> {
  const out = await runEvalCommand(options, {
    corpus,
    createRetriever: (name) =>
      createRetriever(name, corpus, {
        ...(index ? { index } : {}),
        env,
        ...(topics ? { topics } : {}),
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
