import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.js';
import { loadTestCorpus } from '../testing/test-corpus.js';
import type { TopicIndex } from '../topics/topic-index.js';
import { loadTopicsFromDir } from '../topics/topic-loader-node.js';
import { createSearchEngine, DEFAULT_SEARCH_OPTIONS, type SearchEngineOptions } from './search-engine.js';

let corpus: Corpus;
let topics: TopicIndex;
beforeAll(async () => {
  corpus = await loadTestCorpus();
  topics = await loadTopicsFromDir();
});

/** The first ten verses of keyword search (no vectors: what a visitor sees before meaning search is ready) with the built topic index. */
function firstTen(question: string, options: Partial<SearchEngineOptions> = {}, lang = 'en'): string[] {
  const engine = createSearchEngine(corpus, options);
  engine.useTopics(topics);
  return engine
    .lexical(question, { lang })
    .hits.slice(0, 10)
    .map((h) => `${h.ref.surah}:${h.ref.ayah}`);
}

// Do not pray for hypocrites (9:84) or ask forgiveness for polytheists (9:113-114).
const PROHIBITION = ['9:84', '9:113', '9:114'];

describe('when a grieving visitor asks in words a topic of rulings shares', () => {
  const question = 'My mother passed away last week, how do I cope?';
  it('should read the distress from the words together and lead with consolation, the prohibition of praying for the dead held back', () => {
    const first = firstTen(question);
    for (const v of PROHIBITION) expect(first).not.toContain(v);
    // Consolation first: verses the consolation topics hold (2:155-156, "we belong to Allah").
    expect(first.slice(0, 3)).toEqual(expect.arrayContaining(['2:155', '2:156']));
    for (const v of first.slice(0, 3)) expect(topics.consolingTopics.get(v), v).toBeGreaterThan(0);
  });
  it('should show those verses when words are not read for distress (a bar no question reaches): the funeral topic covers the question best', () => {
    const first = firstTen(question, { pastoral: { ...DEFAULT_SEARCH_OPTIONS.pastoral, minDistressLogOdds: 1e9 } });
    expect(first.filter((v) => PROHIBITION.includes(v)).length).toBeGreaterThan(0);
  });
  it('should not excuse them as asked about when the words read as distress, though the funeral topic meets them best', () => {
    // "My father died last week, so suddenly; I never saw him one last time; my heart aches."
    const first = firstTen('我爸爸上周去世了，走得太突然，连最后一面都没见到，心好痛', {}, 'zh');
    for (const v of PROHIBITION) expect(first).not.toContain(v);
  });
  it('should keep them for a visitor who asks about praying for the dead', () => {
    expect(firstTen('may I pray for my father who died a non-Muslim?')).toEqual(expect.arrayContaining(PROHIBITION));
  });
});

describe('when the topic index reads a question for distress', () => {
  it('should read grief and fear as distress and a ruling or a story as not', () => {
    expect(topics.distressLogOdds('My mother passed away last week, how do I cope?', 'en')).toBeGreaterThan(0);
    expect(topics.distressLogOdds('I feel so anxious all the time and cannot sleep', 'en')).toBeGreaterThan(0);
    expect(topics.distressLogOdds('Is alcohol forbidden in Islam?', 'en')).toBeLessThan(0);
    expect(topics.distressLogOdds('What happened to the people of Lot?', 'en')).toBeLessThan(0);
  });
});
