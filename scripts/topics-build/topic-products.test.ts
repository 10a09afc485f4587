/**
 * The three things one topic edit feeds (data/topics/README.md) against the topic sources: the
 * topic files built into data/dist/topics, the committed language models and the committed
 * topic vectors of the shipped index. Any of them stale fails here with the one command that
 * makes all three again.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTopicVectorManifest, TOPIC_VECTORS_MANIFEST } from '../../data/index/topic-vector-file.js';
import { DEFAULT_TOPICS_DIR } from '../../data/topics/topic-loader-node.js';
import { loadBuiltTopics } from '../../data/topics/topic-loader-optional-node.js';
import type { TopicIndex } from '../../data/topics/topic-index.js';
import { LANGUAGE_MODEL_MODULE, languageModelModule } from '../build-language-model.js';
import { TOPIC_SOURCE_DIR, writeTopics } from '../build-topics.js';
import { PREBUILT_INDEX_ROOT } from '../index-build/prebuilt-index.js';

const REBUILD = 'run npm run build:topic-products and commit what it changes';
let fresh: string;
let topics: Awaited<ReturnType<typeof writeTopics>>['topics'];
let index: TopicIndex;

beforeAll(async () => {
  fresh = await mkdtemp(join(tmpdir(), 'quran-dai-topics-'));
  ({ topics } = await writeTopics(TOPIC_SOURCE_DIR, fresh));
  index = (await loadBuiltTopics(() => {}, fresh))!;
});

afterAll(async () => {
  if (fresh) await rm(fresh, { recursive: true, force: true });
});

describe('when the topic sources are compared with what they feed', () => {
  it('should have built the topic files from them (data/dist/topics)', async (ctx) => {
    const built = join(DEFAULT_TOPICS_DIR, 'manifest.json');
    // A fresh clone before its first build has none; npm test builds them first.
    if (!existsSync(built)) return ctx.skip();
    expect(await readFile(built, 'utf8'), `data/dist/topics is stale: ${REBUILD} (or npm run build:topics)`).toBe(
      await readFile(join(fresh, 'manifest.json'), 'utf8'),
    );
  });

  it('should have the language models learnt from them', async () => {
    const shipped = await readFile(LANGUAGE_MODEL_MODULE, 'utf8');
    expect(shipped === languageModelModule(topics), `data/search/query/language-model-weights.ts is stale: ${REBUILD}`).toBe(true);
  });

  it("should have the shipped index's topic vectors made from them", async () => {
    const made = parseTopicVectorManifest(JSON.parse(await readFile(join(PREBUILT_INDEX_ROOT, 'multilingual-e5-small-384', TOPIC_VECTORS_MANIFEST), 'utf8')));
    expect(made.topicsVersion, `data/prebuilt/index/multilingual-e5-small-384/topics.json is stale: ${REBUILD}`).toBe(index.vectorsVersion);
    expect(made.count).toBe(index.topics.length);
  });
});
