/**
 * The built topic index for tools that measure the product (eval, bench): loaded when it was
 * built, with one line saying which; without it they measure keywords and vectors only.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_TOPICS_DIR, loadTopicsFromDir } from './topic-loader-node.js';
import type { TopicIndex } from './topic-index.js';

export async function loadBuiltTopics(log: (line: string) => void, dir: string = DEFAULT_TOPICS_DIR): Promise<TopicIndex | undefined> {
  if (!existsSync(join(dir, 'manifest.json'))) {
    log(`no topic index in ${dir}: measuring without topics (npm run build:topics builds it)`);
    return undefined;
  }
  const topics = await loadTopicsFromDir(dir);
  log(`topics: ${topics.topics.length} (version ${topics.version})`);
  return topics;
}
