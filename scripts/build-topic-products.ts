/**
 * `npm run build:topic-products`: everything one topic edit feeds, in one command (see
 * data/topics/README.md):
 * 1. the topic files the widget and the proxy read (`npm run build:topics`, data/dist/topics);
 * 2. the language models learnt from the topics' questions and names, committed as
 *    data/search/query/language-model-weights.ts (`npm run build:language-model`);
 * 3. the topic vectors of the shipped index, made with the bundled model (multilingual-e5-small;
 *    installed when missing, a few minutes on two cores) and committed into
 *    data/prebuilt/index/<id>/ so a fresh clone need not make them.
 * scripts/topics-build/topic-products.test.ts fails while any of the three is stale.
 */
import { copyFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { loadCorpusFromDir } from '../data/corpus/corpus-loader-node.js';
import { TOPIC_VECTORS_MANIFEST } from '../data/index/topic-vector-file.js';
import { DEFAULT_TOPICS_DIR } from '../data/topics/topic-loader-node.js';
import { loadBuiltTopics } from '../data/topics/topic-loader-optional-node.js';
import { writeLanguageModel } from './build-language-model.js';
import { TOPIC_SOURCE_DIR, writeTopics } from './build-topics.js';
import { openE5Stack } from './e5/e5-stack.js';
import { PREBUILT_INDEX_ROOT } from './index-build/prebuilt-index.js';
import { isMainModule } from './main-module.js';

/** The topic vectors beside `fromDir` replace those in `toDir` (older vector files removed). */
export async function copyTopicVectors(fromDir: string, toDir: string): Promise<string[]> {
  const made = (await readdir(fromDir)).filter((name) => name === TOPIC_VECTORS_MANIFEST || /^topic-vectors\.[0-9a-f]+\.bin$/.test(name));
  if (!made.includes(TOPIC_VECTORS_MANIFEST)) throw new Error(`no ${TOPIC_VECTORS_MANIFEST} in ${fromDir}: the topic vectors were not made`);
  for (const name of await readdir(toDir)) if (/^topic-vectors\.[0-9a-f]+\.bin$/.test(name) && !made.includes(name)) await rm(join(toDir, name));
  for (const name of made) await copyFile(join(fromDir, name), join(toDir, name));
  return made;
}

if (isMainModule(import.meta.url)) {
  try {
    const { topics } = await writeTopics(TOPIC_SOURCE_DIR, DEFAULT_TOPICS_DIR);
    console.log(`topic files → ${DEFAULT_TOPICS_DIR}`);
    await writeLanguageModel(topics);
    console.log('language models → data/search/query/language-model-weights.ts');
    const index = await loadBuiltTopics((line) => console.log(line));
    if (!index) throw new Error(`the topic files just written to ${DEFAULT_TOPICS_DIR} could not be read`);
    const stack = await openE5Stack({ corpus: await loadCorpusFromDir({ tracks: ['en'] }), topics: index, log: (line) => console.log(line) });
    try {
      const copied = await copyTopicVectors(stack.index.dir, join(PREBUILT_INDEX_ROOT, stack.index.manifest.id));
      console.log(`topic vectors → data/prebuilt/index/${stack.index.manifest.id}/ (${copied.join(', ')}); commit them with the language models`);
    } finally {
      await stack.server.stop();
    }
  } catch (e) {
    console.error(`build:topic-products: ${(e as Error).message}`);
    process.exit(1);
  }
}
