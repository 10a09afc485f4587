import { describe, expect, it } from 'vitest';
import { SAMPLE_TOPICS } from '../testing/sample-topics.js';
import { parseTopicFile } from './topic-file-parser.js';
import { mergeTopicData, mergeTopicFiles } from './topic-file-merge.js';
import type { TopicData } from './topic-data.js';
import type { TopicFile, TopicLang } from './topic-types.js';

/** A visitor's file as the build writes it and the widget parses it: `langs` only, the rest empty. */
function languageFile(langs: readonly TopicLang[], topics = SAMPLE_TOPICS): TopicFile {
  const pick = (m: Readonly<Record<TopicLang, readonly string[]>>) => Object.fromEntries(langs.map((l) => [l, m[l]]));
  return parseTopicFile({ schema: 1, languages: langs, topics: topics.map((t) => ({ ...t, names: pick(t.names), questions: pick(t.questions) })) });
}

describe('mergeTopicFiles', () => {
  it('should hold every language of every file, each from the file that has it', () => {
    const merged = mergeTopicFiles([languageFile(['en', 'ar']), languageFile(['tr', 'en', 'ar'])]);
    expect(merged.languages).toStrictEqual(['en', 'ar', 'tr']);
    expect(merged.topics[0]!.names.tr).toStrictEqual(['İçki ve sarhoşluk', 'alkol', 'içki']);
    expect(merged.topics[0]!.questions.ar).toStrictEqual(['هل شرب الخمر حرام؟']);
    expect(merged.topics[0]!.names.ur).toStrictEqual([]);
    expect(merged.topics.map((t) => t.verses)).toStrictEqual(SAMPLE_TOPICS.map((t) => t.verses));
  });

  it('should return the whole index when one of the files is it', () => {
    const whole = parseTopicFile({ schema: 1, topics: SAMPLE_TOPICS });
    expect(mergeTopicFiles([languageFile(['en', 'ar']), whole])).toBe(whole);
  });

  it('should refuse files of different topics, and say to reload', () => {
    expect(() => mergeTopicFiles([languageFile(['en', 'ar']), languageFile(['tr', 'en', 'ar'], SAMPLE_TOPICS.slice(0, 1))])).toThrow(
      /different topic versions\); reload the page/,
    );
  });
});

describe('mergeTopicData', () => {
  const data = (version: string, langs: readonly TopicLang[]): TopicData => ({ version, file: languageFile(langs), vectors: null });

  it('should merge the files of the same topic version and leave out another version', () => {
    const merged = mergeTopicData(data('v1', ['en', 'ar']), [data('v1', ['bn', 'en', 'ar']), data('v0', ['tr', 'en', 'ar'])]);
    expect(merged.version).toBe('v1');
    expect(merged.file.languages).toStrictEqual(['en', 'ar', 'bn']);
  });

  it('should give the interface language’s data unchanged when nothing else fits', () => {
    const primary = data('v1', ['en', 'ar']);
    expect(mergeTopicData(primary, [data('v0', ['tr', 'en', 'ar'])])).toBe(primary);
  });
});
