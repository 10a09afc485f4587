import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.js';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { TopicIndex } from '../topics/topic-index.js';
import { SAMPLE_TOPICS } from '../testing/sample-topics.js';
import type { VectorSearch } from '../index/vector-search.js';
import { createSearchEngine, DEFAULT_SEARCH_OPTIONS, type SearchEngineOptions } from './search-engine.js';
import { TOPIC_LANGS, type Topic, type TopicLang } from '../topics/topic-types.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

/** An engine with the given topics (the two sample topics by default). */
const engineWithTopics = (topics = new TopicIndex(SAMPLE_TOPICS), options: Partial<SearchEngineOptions> = {}) => {
  const engine = createSearchEngine(corpus, options);
  engine.useTopics(topics);
  return engine;
};

const refs = (hits: readonly { ref: { surah: number; ayah: number } }[], n = 3) => hits.slice(0, n).map((h) => `${h.ref.surah}:${h.ref.ayah}`);

describe('when the engine has the topic index', () => {
  it('should put the matched topic’s central verses first and name the topic', () => {
    const engine = engineWithTopics();
    const result = engine.lexical('Can a Muslim drink beer?', { lang: 'en' });
    expect(result.topics).toEqual([{ id: 'intoxicants', via: 'keywords' }]);
    expect(refs(result.hits)).toContain('5:90');
    const hit = result.hits.find((h) => h.ref.surah === 5 && h.ref.ayah === 90)!;
    expect(hit.sources).toContain('topic');
    expect(hit.topicRank).toBe(1);
    expect(result.passages.length).toBeGreaterThan(0);
  });

  it('should leave a question no topic matches as keyword search alone', () => {
    const engine = createSearchEngine(corpus);
    const plain = engine.lexical('the cow that Moses told them to slaughter', { lang: 'en' });
    engine.useTopics(new TopicIndex(SAMPLE_TOPICS));
    const withTopics = engine.lexical('the cow that Moses told them to slaughter', { lang: 'en' });
    expect(withTopics.topics).toBeUndefined();
    expect(refs(withTopics.hits, 20)).toEqual(refs(plain.hits, 20));
  });

  it('should trust a partial keyword match when no verse holds the question better, and not when one does', () => {
    const engine = engineWithTopics();
    // "drunk" is the topic's word; no verse holds "getting drunk at parties" (coverage 0.44 < 0.5).
    const visitor = engine.lexical('getting drunk at parties', { lang: 'en' });
    expect(visitor.topics).toEqual([{ id: 'intoxicants', via: 'keywords' }]);
    expect(refs(visitor.hits)).toContain('5:90');
    // The Quran's own words: 47:15 holds them all, so the topic's partial match (0.28) is not trusted.
    const quote = engine.lexical('rivers of wine', { lang: 'en' });
    expect(quote.topics).toBeUndefined();
    expect(refs(quote.hits, 1)).toEqual(['47:15']);
    // With the relative rule off, a partial match is never trusted.
    const fixed = engineWithTopics(undefined, { topicSelection: { ...engine.options.topicSelection, minCoverageBesideWeakVerses: 0.5 } });
    expect(fixed.lexical('getting drunk at parties', { lang: 'en' }).topics).toBeUndefined();
  });

  it('should keep a quotation of the Quran on its verse when a topic holds its words only in part', () => {
    // A topic whose words hold half a quotation: "rivers" (its name), not "wine".
    const rivers = {
      ...SAMPLE_TOPICS[1]!,
      id: 'rivers-sample',
      names: Object.fromEntries(Object.keys(SAMPLE_TOPICS[1]!.names).map((l) => [l, ['Rivers', 'rivers of paradise']])) as never,
      verses: ['2:25'],
    };
    const topics = new TopicIndex([SAMPLE_TOPICS[0]!, rivers]);
    expect(topics.matchText('rivers of wine', 'en', 2).find((m) => m.topic.id === 'rivers-sample')!.coverage).toBeGreaterThanOrEqual(0.5);
    const engine = engineWithTopics(topics);
    const quote = engine.lexical('rivers of wine', { lang: 'en' });
    expect(quote.topics).toBeUndefined();
    expect(refs(quote.hits, 1)).toEqual(['47:15']);
    // With the quotation rule off, the half match is trusted and the topics' verses push the quoted one down.
    const off = engineWithTopics(topics, { topicSelection: { quoteCoverage: 2 } as never });
    const taken = off.lexical('rivers of wine', { lang: 'en' });
    expect(taken.topics?.map((t) => t.id)).toContain('rivers-sample');
    expect(refs(taken.hits, 1)).not.toEqual(['47:15']);
  });

  it('should keep the default of every topic setting not given, and refuse one that is not a number', () => {
    const engine = createSearchEngine(corpus, { topicSelection: { minProbability: 0.3 } as never });
    expect(engine.options.topicSelection).toMatchObject({ minProbability: 0.3, minCoverage: 0.5, minCoverageBesideWeakVerses: 0.2, count: 2 });
    expect(() => createSearchEngine(corpus, { topicSelection: { count: 'two' } as never })).toThrow(/topicSelection.count must be a number >= 0, got two/);
  });

  it('should leave topics out when their weight is 0, or after useTopics(undefined)', () => {
    const off = engineWithTopics(undefined, { topicWeight: 0 });
    expect(off.lexical('Can a Muslim drink beer?', { lang: 'en' }).topics).toBeUndefined();
    const engine = engineWithTopics();
    engine.useTopics(undefined);
    expect(engine.lexical('Can a Muslim drink beer?', { lang: 'en' }).topics).toBeUndefined();
    expect(engine.topics).toBeUndefined();
  });

  it("should build a track's topic matchers when the track is prepared, so its first question does not", () => {
    const prepared: string[] = [];
    class RecordingTopics extends TopicIndex {
      override prepare(track: Parameters<TopicIndex['prepare']>[0]): void {
        prepared.push(track);
        super.prepare(track);
      }
    }
    const engine = createSearchEngine(corpus);
    engine.prepare('en');
    expect(prepared).toEqual([]);
    engine.useTopics(new RecordingTopics(SAMPLE_TOPICS));
    engine.prepare('en');
    expect(prepared).toEqual(['en']);
    // Topics switched off: nothing of theirs is built.
    const off = createSearchEngine(corpus, { topicWeight: 0 });
    off.useTopics(new RecordingTopics(SAMPLE_TOPICS));
    off.prepare('en');
    expect(prepared).toEqual(['en']);
  });
  it('should refuse a topic index naming a verse the corpus does not have', () => {
    const engine = createSearchEngine(corpus);
    const bad = [{ ...SAMPLE_TOPICS[0]!, verses: ['5:90', '1:8'] }];
    expect(() => engine.useTopics(new TopicIndex(bad))).toThrow(/topic intoxicants names 1:8, which is not a verse/);
  });

  it('should match a topic by meaning in hybrid search when the index has topic vectors', () => {
    const engine = engineWithTopics();
    const empty: VectorSearch = { kind: 'flat', dims: 2, search: () => [] };
    const topicVectors = { dims: 2, vectors: new Float32Array([1, 0, 0, 1]), owners: new Uint16Array([0, 1]) };
    // Words no topic holds; the meaning is the second topic's.
    const result = engine.hybrid(
      'Why am I here at all?',
      { search: empty, vector: new Float32Array([0.1, 0.995]), floors: { primary: 0.8, fallback: 0.7 }, topicVectors },
      { lang: 'en' },
    );
    expect(result.topics).toEqual([{ id: 'purpose-of-life', via: 'meaning' }]);
    expect(refs(result.hits)).toContain('51:56');
  });

  it('should weigh the topic list in hybrid search against the lexical and vector lists together, as it weighs against keywords alone', () => {
    const engine = engineWithTopics();
    const none: VectorSearch = { kind: 'flat', dims: 2, search: () => [] };
    const result = engine.hybrid(
      'Can a Muslim drink beer?',
      { search: none, vector: new Float32Array([1, 0]), floors: { primary: 0.8, fallback: 0.7 } },
      { lang: 'en' },
    );
    const central = result.hits.find((h) => h.ref.surah === 5 && h.ref.ayah === 90)!;
    expect(central.sources).toEqual(['topic']);
    // English: the lexical list weighs 1 and the vector list 1, so the topic list weighs topicWeight x 2.
    const { topicWeight, rrfK } = engine.options;
    expect(central.score).toBeCloseTo((topicWeight * 2) / (rrfK + 1), 10);
  });
});

describe('when a visitor in distress asks', () => {
  const grief: Topic = {
    ...SAMPLE_TOPICS[1]!,
    id: 'losing-a-loved-one',
    names: Object.fromEntries(TOPIC_LANGS.map((l) => [l, ['Losing a loved one', 'my mother died', 'grief', 'bereavement']])) as Record<TopicLang, string[]>,
    questions: Object.fromEntries(TOPIC_LANGS.map((l) => [l, ['My mother died, how do I cope with the grief?']])) as Record<TopicLang, string[]>,
    verses: ['2:155', '2:156', '2:157'],
    care: 'consolation',
  };
  it('should hold the warning verses back below the first ten and lead with consolation', () => {
    const question = 'my mother died and I cannot cope with the grief';
    const plain = createSearchEngine(corpus);
    plain.useTopics(new TopicIndex([SAMPLE_TOPICS[0]!, grief], 'v1'));
    const before = plain.lexical(question, { lang: 'en' });
    const warnings = before.hits
      .slice(0, 10)
      .map((h) => `${h.ref.surah}:${h.ref.ayah}`)
      .filter((k) => !['2:155', '2:156', '2:157'].includes(k))
      .slice(0, 3);
    expect(warnings.length).toBeGreaterThan(0);
    const engine = createSearchEngine(corpus);
    engine.useTopics(new TopicIndex([SAMPLE_TOPICS[0]!, grief], 'v1', { warnings }));
    const result = engine.lexical(question, { lang: 'en' });
    const first = result.hits.slice(0, 10).map((h) => `${h.ref.surah}:${h.ref.ayah}`);
    for (const w of warnings) expect(first).not.toContain(w);
    expect(first.slice(0, 3)).toEqual(['2:155', '2:156', '2:157']);
    expect(result.topics).toContainEqual({ id: 'losing-a-loved-one', via: 'keywords' });
  });
  it('should change nothing when pastoral care is off', () => {
    const engine = createSearchEngine(corpus, { pastoral: { ...DEFAULT_SEARCH_OPTIONS.pastoral, topics: 0 } });
    engine.useTopics(new TopicIndex([SAMPLE_TOPICS[0]!, grief], 'v1', { warnings: ['2:155'] }));
    const result = engine.lexical('my mother died and I cannot cope with the grief', { lang: 'en' });
    expect(result.hits.map((h) => `${h.ref.surah}:${h.ref.ayah}`)).toContain('2:155');
  });
});
