/**
 * `npm start`: the topic index built from its sources on every start (a fraction of a second),
 * so an edited topic is served without a separate build step.
 */
import { DEFAULT_TOPICS_DIR } from '../../data/topics/topic-loader-node.js';
import { TOPIC_SOURCE_DIR, writeTopics } from '../build-topics.js';

export async function ensureTopics(dir = DEFAULT_TOPICS_DIR, log: (line: string) => void = console.log): Promise<void> {
  const { built } = await writeTopics(TOPIC_SOURCE_DIR, dir);
  log(`quran-dai: topic index: ${built.manifest.count} topics (${(built.manifest.file.gzipBytes / 1024).toFixed(1)} KB gzip, loaded after the first results)`);
}
