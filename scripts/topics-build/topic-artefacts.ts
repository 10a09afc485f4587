/**
 * Packs checked topics into the artefacts the widget downloads: one content-hashed JSON file
 * with every language (the proxy, the eval and the Topics view of any language read it), one
 * smaller file per interface language with that language's, English's and Arabic's names and
 * questions (a visitor's widget downloads only that: about a quarter of the whole), and a
 * manifest naming them with their sha256, like the corpus files.
 */
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  topicFileLangs,
  TOPIC_LANGS,
  type Topic,
  type TopicFile,
  type TopicFileRef,
  type TopicLang,
  type TopicManifest,
} from '../../data/topics/topic-types.js';

export interface BuiltTopics {
  readonly manifest: TopicManifest;
  readonly manifestBytes: Uint8Array;
  readonly file: { readonly path: string; readonly bytes: Uint8Array };
  /** The per-language files, one per interface language. */
  readonly languageFiles: readonly { readonly lang: TopicLang; readonly path: string; readonly bytes: Uint8Array }[];
}

function packed(name: string, payload: TopicFile): { ref: TopicFileRef; bytes: Uint8Array; sha256: string } {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { ref: { path: `${name}.${sha256.slice(0, 10)}.json`, bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length, sha256 }, bytes, sha256 };
}

/** The topics with only `langs`' names and questions. */
function withLanguages(topics: readonly Topic[], langs: readonly TopicLang[]): Topic[] {
  const pick = (m: Readonly<Record<TopicLang, readonly string[]>>) => Object.fromEntries(langs.map((l) => [l, m[l]])) as Record<TopicLang, readonly string[]>;
  return topics.map((t) => ({ ...t, names: pick(t.names), questions: pick(t.questions) }));
}

/** @param warnings verses that must not lead for a visitor in distress (`warning-verses.ts`), in every file */
export function buildTopicArtefacts(topics: readonly Topic[], warnings: readonly string[] = []): BuiltTopics {
  const textVersion = createHash('sha256')
    .update(JSON.stringify(topics.map((t) => [t.id, t.names, t.questions, t.verses])))
    .digest('hex')
    .slice(0, 16);
  const care = { textVersion, ...(warnings.length > 0 ? { warnings } : {}) };
  const whole = packed('topics', { schema: 1, topics, ...care });
  // Each visitor's file: their language's names and questions and English's (topicFileLangs).
  const languageFiles = TOPIC_LANGS.map((lang) => {
    const langs = [...topicFileLangs(lang)];
    return { lang, ...packed(`topics-${lang}`, { schema: 1, topics: withLanguages(topics, langs), languages: langs, ...care }) };
  });
  const manifest: TopicManifest = {
    schema: 1,
    version: whole.sha256.slice(0, 16),
    textVersion,
    count: topics.length,
    file: whole.ref,
    languages: Object.fromEntries(languageFiles.map((f) => [f.lang, f.ref])),
  };
  return {
    manifest,
    manifestBytes: new TextEncoder().encode(JSON.stringify(manifest, null, 2) + '\n'),
    file: { path: whole.ref.path, bytes: whole.bytes },
    languageFiles: languageFiles.map((f) => ({ lang: f.lang, path: f.ref.path, bytes: f.bytes })),
  };
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
