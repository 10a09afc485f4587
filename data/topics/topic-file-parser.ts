/**
 * Parses the topic manifest and topic file wherever they are read (Node, the page, a worker),
 * so a damaged or foreign file fails with a message instead of a wrong topic reaching a visitor.
 */
import { TOPIC_LANGS, type Topic, type TopicFile, type TopicFileRef, type TopicLang, type TopicManifest } from './topic-types.js';

export class TopicDataError extends Error {
  override readonly name = 'TopicDataError';
}

const REBUILD = 'rebuild it with npm run build:topics';

const isFileRef = (f: unknown): boolean => {
  const r = f as Partial<TopicFileRef> | null;
  return !!r && typeof r.path === 'string' && typeof r.sha256 === 'string' && typeof r.bytes === 'number';
};

export function parseTopicManifest(json: unknown): TopicManifest {
  const m = json as Partial<TopicManifest> | null;
  const languagesOk =
    m?.languages === undefined ||
    (typeof m.languages === 'object' &&
      m.languages !== null &&
      Object.entries(m.languages).every(([lang, ref]) => (TOPIC_LANGS as readonly string[]).includes(lang) && isFileRef(ref)));
  if (
    !m ||
    m.schema !== 1 ||
    typeof m.version !== 'string' ||
    (m.textVersion !== undefined && typeof m.textVersion !== 'string') ||
    typeof m.count !== 'number' ||
    !isFileRef(m.file) ||
    !languagesOk
  ) {
    throw new TopicDataError(`the topic manifest is not one this code reads; ${REBUILD}`);
  }
  return m as TopicManifest;
}

/** The file a visitor in `lang` downloads: that language's, when the manifest has one, else the whole index. */
export function topicFileFor(manifest: TopicManifest, lang: string | undefined): TopicFileRef {
  return (lang !== undefined && manifest.languages?.[lang as TopicLang]) || manifest.file;
}

const VERSE_KEY = /^\d{1,3}:\d{1,3}$/;

export function parseTopicFile(json: unknown, expectedCount?: number): TopicFile {
  const f = json as Partial<TopicFile> | null;
  if (!f || f.schema !== 1 || !Array.isArray(f.topics)) throw new TopicDataError(`the topic file is not one this code reads; ${REBUILD}`);
  const declared: unknown = f.languages;
  if (
    declared !== undefined &&
    (!Array.isArray(declared) || !declared.includes('en') || !declared.every((l) => (TOPIC_LANGS as readonly unknown[]).includes(l)))
  ) {
    throw new TopicDataError(`the topic file names languages this code does not read (${String(declared)}); ${REBUILD}`);
  }
  const held = (declared ?? TOPIC_LANGS) as readonly TopicLang[];
  f.topics.forEach((t: Partial<Topic>, i) => {
    const ok =
      typeof t.id === 'string' &&
      Array.isArray(t.verses) &&
      t.verses.length > 0 &&
      t.verses.every((v) => typeof v === 'string' && VERSE_KEY.test(v)) &&
      held.every((l) => Array.isArray(t.names?.[l]) && t.names[l].length > 0 && Array.isArray(t.questions?.[l]));
    if (!ok) throw new TopicDataError(`topic ${i + 1} (${String(t.id)}) of the topic file is damaged; ${REBUILD}`);
  });
  if (f.textVersion !== undefined && typeof f.textVersion !== 'string') throw new TopicDataError(`the topic file's text version is damaged; ${REBUILD}`);
  if (f.warnings !== undefined && !(Array.isArray(f.warnings) && f.warnings.every((v) => typeof v === 'string' && VERSE_KEY.test(v)))) {
    throw new TopicDataError(`the topic file's warning verses are damaged; ${REBUILD}`);
  }
  if (expectedCount !== undefined && f.topics.length !== expectedCount) {
    throw new TopicDataError(`the topic file has ${f.topics.length} topics but its manifest says ${expectedCount}; ${REBUILD}`);
  }
  if (!f.languages) return f as TopicFile;
  // A visitor's file: the languages it does not hold read as empty lists, so every reader of a
  // topic (keywords, names shown, the Topics view) works unchanged and falls back to English.
  const empty = Object.fromEntries(TOPIC_LANGS.map((l) => [l, []])) as unknown as Record<TopicLang, readonly string[]>;
  const topics = (f.topics as Topic[]).map((t) => ({ ...t, names: { ...empty, ...t.names }, questions: { ...empty, ...t.questions } }));
  return {
    schema: 1,
    topics,
    languages: f.languages,
    ...(f.warnings ? { warnings: f.warnings } : {}),
    ...(f.textVersion ? { textVersion: f.textVersion } : {}),
  };
}
