import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.js';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { SAMPLE_TOPICS } from '../testing/sample-topics.js';
import { topicEntries, topicResult } from './topic-browse.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when a visitor browses the topics', () => {
  it('should list them by their name in the visitor language, sorted for that language', () => {
    const en = topicEntries(SAMPLE_TOPICS, 'en');
    expect(en.map((e) => e.name)).toStrictEqual([...en.map((e) => e.name)].sort(new Intl.Collator('en').compare));
    const ar = topicEntries(SAMPLE_TOPICS, 'ar');
    expect(ar.find((e) => e.id === 'intoxicants')!.name).toBe(SAMPLE_TOPICS.find((t) => t.id === 'intoxicants')!.names.ar[0]);
    expect(topicEntries(SAMPLE_TOPICS, 'de').length).toBe(SAMPLE_TOPICS.length);
  });

  it('should filter by name, alias or transliteration, ignoring case and accents', () => {
    expect(topicEntries(SAMPLE_TOPICS, 'en', 'KHAMR').map((e) => e.id)).toStrictEqual(['intoxicants']);
    expect(topicEntries(SAMPLE_TOPICS, 'en', 'wine').map((e) => e.id)).toContain('intoxicants');
    expect(topicEntries(SAMPLE_TOPICS, 'en', 'zzzz')).toStrictEqual([]);
  });

  it('should open a topic as its verses in its own order, with same-surah context', () => {
    const topic = SAMPLE_TOPICS.find((t) => t.id === 'intoxicants')!;
    const result = topicResult(corpus, topic, 'en');
    expect(result.hits.map((h) => `${h.ref.surah}:${h.ref.ayah}`)).toStrictEqual([...topic.verses]);
    expect(result.hits.every((h) => h.sources.includes('topic'))).toBe(true);
    expect(result.topics).toStrictEqual([{ id: 'intoxicants', via: 'browse' }]);
    expect(result.passages[0]!.range.surah).toBe(result.hits[0]!.ref.surah);
    expect(result.query).toBe(topic.names.en[0]);
  });
});
