/**
 * Packs checked topics into the artefact the widget downloads: one content-hashed JSON file
 * and a manifest naming it with its sha256, like the corpus files.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { TOPIC_LANGS, type Topic, type TopicFile, type TopicManifest } from '../../data/topics/topic-types.js';

export interface BuiltTopics {
  readonly manifest: TopicManifest;
  readonly manifestBytes: Uint8Array;
  readonly file: { readonly path: string; readonly bytes: Uint8Array };
}

export function buildTopicArtefacts(topics: readonly Topic[]): BuiltTopics {
  const payload: TopicFile = { schema: 1, topics };
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const path = `topics.${sha256.slice(0, 10)}.json`;
  const manifest: TopicManifest = {
    schema: 1,
    version: sha256.slice(0, 16),
    count: topics.length,
    file: { path, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length, sha256 },
  };
  return { manifest, manifestBytes: new TextEncoder().encode(JSON.stringify(manifest, null, 2) + '\n'), file: { path, bytes } };
}

/** What `npm run topics:stats` prints. */
export interface TopicStats {
  readonly topics: number;
  /** Distinct verses named by any topic. */
  readonly verses: number;
  /** Verse mentions over all topics (a verse in two topics counts twice). */
  readonly verseMentions: number;
  /** Each interface language → how many topics have a name in it. */
  readonly languages: Readonly<Record<string, number>>;
  /** Each interface language → example questions in it. */
  readonly questions: Readonly<Record<string, number>>;
  readonly groups: Readonly<Record<string, number>>;
  readonly reviewed: number;
}

export function topicStats(topics: readonly Topic[]): TopicStats {
  const languages: Record<string, number> = {};
  const questions: Record<string, number> = {};
  for (const lang of TOPIC_LANGS) {
    languages[lang] = topics.filter((t) => (t.names[lang]?.length ?? 0) > 0).length;
    questions[lang] = topics.reduce((n, t) => n + (t.questions[lang]?.length ?? 0), 0);
  }
  const groups: Record<string, number> = {};
  for (const t of topics) groups[t.group] = (groups[t.group] ?? 0) + 1;
  return {
    topics: topics.length,
    verses: new Set(topics.flatMap((t) => t.verses)).size,
    verseMentions: topics.reduce((n, t) => n + t.verses.length, 0),
    languages,
    questions,
    groups,
    reviewed: topics.filter((t) => t.reviewed).length,
  };
}
