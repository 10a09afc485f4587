/**
 * `npm run eval:topic-questions -- --lang id [--out eval-data]`: the topic index's example
 * questions in one language as a verse dataset (eval-data/topic-questions-<lang>.jsonl, gitignored),
 * to search with topics off. See scripts/eval/topic-question-dataset.ts for what it is good for.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { TOPIC_LANGS, type TopicLang } from '../data/topics/topic-types.js';
import { TOPIC_SOURCE_DIR } from './build-topics.js';
import { REPO_ROOT } from './eval/external-data.js';
import { topicQuestionDataset } from './eval/topic-question-dataset.js';
import { formatVerseDataset } from './eval/verse-dataset.js';
import { readCheckedTopicSources } from './topics-build/read-topic-sources.js';

try {
  const { values } = parseArgs({ options: { lang: { type: 'string' }, out: { type: 'string', default: join(REPO_ROOT, 'eval-data') } }, strict: true });
  const lang = values.lang as TopicLang | undefined;
  if (!lang) throw new Error(`--lang is required, one of ${TOPIC_LANGS.join(', ')}`);
  const lines = topicQuestionDataset(await readCheckedTopicSources(TOPIC_SOURCE_DIR), lang);
  await mkdir(values.out!, { recursive: true });
  const path = join(values.out!, `topic-questions-${lang}.jsonl`);
  await writeFile(path, formatVerseDataset(lines));
  console.log(`${path}: ${lines.length} questions (search them with --engine-options '{"topicWeight":0}')`);
} catch (e) {
  console.error((e as Error).message);
  process.exit(1);
}
