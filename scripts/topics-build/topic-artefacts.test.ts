import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseTopicFile, parseTopicManifest, topicFileFor } from '../../data/topics/topic-file-parser.js';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';
import { TOPIC_LANGS } from '../../data/topics/topic-types.js';
import { buildTopicArtefacts } from './topic-artefacts.js';

const json = (bytes: Uint8Array): unknown => JSON.parse(new TextDecoder().decode(bytes));
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('when packing the topics', () => {
  it('should write the whole index, and per language a file with that language and English (Urdu with Arabic too)', () => {
    const built = buildTopicArtefacts(SAMPLE_TOPICS);
    expect(built.manifest.version).toBe(sha(built.file.bytes).slice(0, 16));
    expect(Object.keys(built.manifest.languages!).sort()).toEqual([...TOPIC_LANGS].sort());
    const ur = built.languageFiles.find((f) => f.lang === 'ur')!;
    expect(built.manifest.languages!.ur).toMatchObject({ path: ur.path, bytes: ur.bytes.length, sha256: sha(ur.bytes) });
    const raw = json(ur.bytes) as { languages: string[]; topics: { names: Record<string, string[]>; questions: Record<string, string[]> }[] };
    expect(raw.languages).toEqual(['ur', 'en', 'ar']);
    expect(Object.keys(raw.topics[0]!.names)).toEqual(['ur', 'en', 'ar']);
    expect(Object.keys(raw.topics[0]!.questions)).toEqual(['ur', 'en', 'ar']);
    expect(ur.bytes.length).toBeLessThan(built.file.bytes.length);
    // English's own file holds English only (Arabic joins when a visitor asks in it); no two files are the same.
    const langsOf = (lang: string) => (json(built.languageFiles.find((f) => f.lang === lang)!.bytes) as { languages: string[] }).languages;
    expect(langsOf('en')).toEqual(['en']);
    expect(langsOf('ar')).toEqual(['ar', 'en']);
    expect(langsOf('tr')).toEqual(['tr', 'en']);
    expect(built.manifest.languages!.en!.path).toMatch(/^topics-en\.[0-9a-f]+\.json$/);
    expect(new Set(built.languageFiles.map((f) => f.path)).size).toBe(TOPIC_LANGS.length);
  });

  it('should give a visitor’s language file the same topics, reading the languages it lacks as empty', () => {
    const built = buildTopicArtefacts(SAMPLE_TOPICS);
    const manifest = parseTopicManifest(json(built.manifestBytes));
    const ref = topicFileFor(manifest, 'ur');
    const file = parseTopicFile(json(built.languageFiles.find((f) => f.path === ref.path)!.bytes), manifest.count);
    expect(file.topics.map((t) => t.id)).toEqual(SAMPLE_TOPICS.map((t) => t.id));
    expect(file.topics[0]!.names.ur).toEqual(SAMPLE_TOPICS[0]!.names.ur);
    expect(file.topics[0]!.verses).toEqual(SAMPLE_TOPICS[0]!.verses);
    expect(file.topics[0]!.names.fr).toEqual([]);
    expect(file.topics[0]!.questions.zh).toEqual([]);
    // A language without a file of its own, or none asked for: the whole index.
    expect(topicFileFor(manifest, 'de')).toBe(manifest.file);
    expect(topicFileFor(manifest, undefined)).toBe(manifest.file);
    expect(topicFileFor({ ...manifest, languages: undefined }, 'ur')).toBe(manifest.file);
  });

  it('should refuse a file or manifest whose languages this code does not read', () => {
    const built = buildTopicArtefacts(SAMPLE_TOPICS);
    const ur = json(built.languageFiles.find((f) => f.lang === 'ur')!.bytes) as Record<string, unknown>;
    expect(() => parseTopicFile({ ...ur, languages: ['ur', 'ar'] })).toThrow(/names languages this code does not read/);
    expect(() => parseTopicFile({ ...ur, languages: ['ur', 'en', 'xx'] })).toThrow(/names languages this code does not read/);
    // It says it holds French, but its topics have no French names.
    expect(() => parseTopicFile({ ...ur, languages: ['ur', 'en', 'fr'] })).toThrow(/topic 1 \(intoxicants\) of the topic file is damaged/);
    const manifest = json(built.manifestBytes) as Record<string, unknown>;
    expect(() => parseTopicManifest({ ...manifest, languages: { xx: built.manifest.file } })).toThrow(/not one this code reads/);
    expect(() => parseTopicManifest({ ...manifest, languages: { ur: { path: 'a.json' } } })).toThrow(/not one this code reads/);
  });
});
