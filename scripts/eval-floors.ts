/**
 * `npm run eval:floors -- --index <dir> | --embedder e5`: where to set a vector index's
 * similarity floors, from data. Prints the distribution of the best cosine for questions the
 * Quran does not answer (our off-topic set; Task A's zero-answer questions) next to answerable
 * ones (Task A train, islamqa dev), and what share of each a floor would keep.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { createVectorSearch } from '../data/index/create-vector-search.js';
import { loadVectorIndexFromDir } from '../data/index/vector-index-loader-node.js';
import { openE5Stack, type E5Stack } from './e5/e5-stack.js';
import { CachedQueryEmbedder, queryVectorCacheName } from './eval/cached-query-embedder.js';
import { externalDataDir, REPO_ROOT } from './eval/external-data.js';
import { queryEmbedderFor } from './eval/hybrid-retriever.js';
import { taskAFiles } from './eval/load-task-a.js';
import { OFF_TOPIC_QUESTIONS } from './eval/off-topic-questions.js';
import { parseTaskAQuestions } from './eval/run-task-a-eval.js';
import { parseTrecQrels } from './eval/trec-files.js';

const FLOORS = [0.78, 0.8, 0.82, 0.84, 0.86, 0.88];

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.round(q * (sorted.length - 1))))]!;
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { index: { type: 'string' }, embedder: { type: 'string' } } });
  if (!values.index && values.embedder !== 'e5') throw new Error('usage: npm run eval:floors -- --index <dir> | --embedder e5');
  const corpus = await loadCorpusFromDir({ tracks: ['en'] });
  let e5: E5Stack | undefined;
  if (values.embedder === 'e5') e5 = await openE5Stack({ corpus, install: false });
  try {
    const dir = e5?.index.dir ?? values.index!;
    const env = e5 ? { ...process.env, EMBEDDINGS_BASE_URL: e5.server.baseURL } : process.env;
    const { manifest, vectors } = await loadVectorIndexFromDir(dir, { corpusVersion: corpus.version });
    const search = await createVectorSearch(vectors, { kind: 'flat' });
    const embedder = new CachedQueryEmbedder(
      await queryEmbedderFor(manifest, env),
      join(REPO_ROOT, '.cache', 'eval-query-vectors', queryVectorCacheName(manifest)),
    );
    const best = async (questions: readonly string[]) => {
      const out: number[] = [];
      for (const q of questions) {
        const [v] = await embedder.embed([q], 'query');
        out.push(search.search(v!, 1)[0]!.score);
      }
      return out.sort((a, b) => a - b);
    };

    const external = externalDataDir();
    const files = taskAFiles(join(external, 'quran-qa-2023-taskA'), 'train');
    const questions = parseTaskAQuestions(await readFile(files.questions, 'utf8'));
    const qrels = parseTrecQrels(await readFile(files.qrels, 'utf8'));
    const zero = questions.filter((q) => qrels.get(q.qid)?.has('-1')).map((q) => q.question);
    const answerable = questions.filter((q) => !qrels.get(q.qid)?.has('-1')).map((q) => q.question);
    const islamqa = (await readFile(join(REPO_ROOT, 'eval-data', 'islamqa-dev.jsonl'), 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { query: string }).query);
    const sets: Array<[string, number[]]> = [
      ['off-topic (ours, 11 languages)', await best(OFF_TOPIC_QUESTIONS)],
      ['Task A train, zero-answer', await best(zero)],
      ['Task A train, answerable', await best(answerable)],
      ['islamqa dev', await best(islamqa)],
    ];
    embedder.save();
    console.log(
      `Best cosine per question, index ${manifest.id} (${manifest.model}); floors in its manifest: ${manifest.floors.primary} / ${manifest.floors.fallback}\n`,
    );
    console.log(`| questions | n | p10 | p50 | p90 | ${FLOORS.map((f) => `kept at ${f}`).join(' | ')} |`);
    console.log(`|---|---:|---:|---:|---:|${FLOORS.map(() => '---:').join('|')}|`);
    for (const [name, s] of sets) {
      const kept = FLOORS.map((f) => `${((100 * s.filter((x) => x >= f).length) / s.length).toFixed(0)}%`);
      console.log(
        `| ${name} | ${s.length} | ${quantile(s, 0.1).toFixed(3)} | ${quantile(s, 0.5).toFixed(3)} | ${quantile(s, 0.9).toFixed(3)} | ${kept.join(' | ')} |`,
      );
    }
  } finally {
    await e5?.server.stop();
  }
}

main().catch((e: unknown) => {
  console.error((e as Error).message ?? e);
  process.exitCode = 1;
});
