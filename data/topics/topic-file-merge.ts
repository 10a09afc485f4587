/**
 * One topic index from the topic files a visitor has downloaded: the interface language's, and
 * the file of each language the visitor has since asked in (every file holds one language with
 * English and Arabic beside it). A Bengali question on an English site then meets the topics'
 * Bengali names and questions, as it would on a Bengali site.
 */
import { TopicDataError } from './topic-file-parser.js';
import type { TopicData } from './topic-data.js';
import { TOPIC_LANGS, type Topic, type TopicFile, type TopicLang } from './topic-types.js';

/** The files' languages together; a file without `languages` (the whole index) already holds them all. */
export function mergeTopicFiles(files: readonly TopicFile[]): TopicFile {
  const [first, ...rest] = files;
  if (!first) throw new RangeError('mergeTopicFiles needs at least one topic file');
  const whole = files.find((f) => f.languages === undefined);
  if (whole) return whole;
  for (const f of rest) {
    if (f.topics.length !== first.topics.length || f.topics.some((t, i) => t.id !== first.topics[i]!.id)) {
      throw new TopicDataError('the topic files hold different topics (made from different topic versions); reload the page');
    }
  }
  const source = new Map<TopicLang, TopicFile>();
  for (const f of files) for (const lang of f.languages!) if (!source.has(lang)) source.set(lang, f);
  const languages = TOPIC_LANGS.filter((l) => source.has(l));
  const pick = (i: number, field: 'names' | 'questions'): Topic[typeof field] =>
    Object.fromEntries(TOPIC_LANGS.map((l) => [l, source.get(l)?.topics[i]![field][l] ?? []])) as Topic[typeof field];
  const topics = first.topics.map((t, i) => ({ ...t, names: pick(i, 'names'), questions: pick(i, 'questions') }));
  return {
    schema: 1,
    topics,
    languages,
    ...(first.warnings ? { warnings: first.warnings } : {}),
    ...(first.textVersion ? { textVersion: first.textVersion } : {}),
  };
}

/**
 * The interface language's topic data with the other languages' files merged in; a file of
 * another topic version (the site rebuilt its topics meanwhile) is left out.
 */
export function mergeTopicData(primary: TopicData, others: readonly TopicData[]): TopicData {
  const same = others.filter((o) => o.version === primary.version);
  if (same.length === 0) return primary;
  return { ...primary, file: mergeTopicFiles([primary.file, ...same.map((o) => o.file)]) };
}
