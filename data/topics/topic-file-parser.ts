/**
 * Parses the topic manifest and topic file wherever they are read (Node, the page, a worker),
 * so a damaged or foreign file fails with a message instead of a wrong topic reaching a visitor.
 */
import { TOPIC_LANGS, type Topic, type TopicFile, type TopicManifest } from './topic-types.js';

export class TopicDataError extends Error {
  override readonly name = 'TopicDataError';
}

const REBUILD = 'rebuild it with npm run build:topics';

export function parseTopicManifest(json: unknown): TopicManifest {
  const m = json as Partial<TopicManifest> | null;
  if (!m || m.schema !== 1 || typeof m.version !== 'string' || typeof m.count !== 'number' || !m.file || typeof m.file.path !== 'string' || typeof m.file.sha256 !== 'string') {
    throw new TopicDataError(`the topic manifest is not one this code reads; ${REBUILD}`);
  }
  return m as TopicManifest;
}

const VERSE_KEY = /^\d{1,3}:\d{1,3}$/;

export function parseTopicFile(json: unknown, expectedCount?: number): TopicFile {
  const f = json as Partial<TopicFile> | null;
  if (!f || f.schema !== 1 || !Array.isArray(f.topics)) throw new TopicDataError(`the topic file is not one this code reads; ${REBUILD}`);
  f.topics.forEach((t: Partial<Topic>, i) => {
    const ok =
      typeof t.id === 'string' &&
      Array.isArray(t.verses) &&
      t.verses.length > 0 &&
      t.verses.every((v) => typeof v === 'string' && VERSE_KEY.test(v)) &&
      TOPIC_LANGS.every((l) => Array.isArray(t.names?.[l]) && t.names[l].length > 0 && Array.isArray(t.questions?.[l]));
    if (!ok) throw new TopicDataError(`topic ${i + 1} (${String(t.id)}) of the topic file is damaged; ${REBUILD}`);
  });
  if (expectedCount !== undefined && f.topics.length !== expectedCount) {
    throw new TopicDataError(`the topic file has ${f.topics.length} topics but its manifest says ${expectedCount}; ${REBUILD}`);
  }
  return f as TopicFile;
}
