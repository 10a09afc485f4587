import { describe, expect, it } from 'vitest';
import type { TopicMatch } from './topic-index.js';
import { selectTopics } from './topic-selection.js';
import { SAMPLE_TOPICS } from '../testing/sample-topics.js';

const [intox, purpose] = SAMPLE_TOPICS as [(typeof SAMPLE_TOPICS)[0], (typeof SAMPLE_TOPICS)[0]];
const kw = (topic: typeof intox, index: number, coverage: number): TopicMatch => ({ topic, index, score: coverage, coverage, via: 'keywords' });
const mv = (topic: typeof intox, index: number, score: number): TopicMatch => ({ topic, index, score, via: 'meaning' });
const options = {
  minCoverage: 0.5,
  minCoverageBesideWeakVerses: 0.5,
  quoteCoverage: 1,
  minCosine: 0.85,
  minProbability: 0.2,
  keywordBoost: 0.6,
  count: 2,
  maxVerses: 20,
};

describe('when selecting topics', () => {
  it('should keep only keyword matches that cover enough of the question', () => {
    const out = selectTopics([kw(intox, 0, 0.4)], [], options);
    expect(out.topics).toEqual([]);
    expect(out.verses).toEqual([]);
  });

  it('should give the first topic’s verses, central first, then the second’s', () => {
    const out = selectTopics([kw(purpose, 1, 0.9), kw(intox, 0, 0.6)], [], options);
    expect(out.topics.map((m) => m.topic.id)).toEqual(['purpose-of-life', 'intoxicants']);
    expect(out.verses).toEqual(['51:56', '67:2', '23:115', '5:90', '5:91', '2:219', '4:43']);
  });

  it('should trust a meaning match above the floor and rank a topic both matchers found first', () => {
    const out = selectTopics([kw(intox, 0, 0.7)], [mv(purpose, 1, 0.9), mv(intox, 0, 0.86)], { ...options, count: 1 });
    expect(out.topics.map((m) => m.topic.id)).toEqual(['intoxicants']);
    expect(selectTopics([], [mv(purpose, 1, 0.84)], options).topics).toEqual([]);
  });

  it('should give at most maxVerses verses, the first topic’s first', () => {
    const out = selectTopics([kw(purpose, 1, 0.9), kw(intox, 0, 0.6)], [], { ...options, maxVerses: 4 });
    expect(out.verses).toEqual(['51:56', '67:2', '23:115', '5:90']);
  });

  it('should rank a classifier’s topics by probability plus the keyword boost, trusted from the floor', () => {
    // purpose is the more probable alone (0.5 vs 0.3), but the question's words are intox's.
    const out = selectTopics([kw(intox, 0, 0.4)], [mv(purpose, 1, 0.5), mv(intox, 0, 0.3)], { ...options, count: 1 }, 'probability');
    expect(out.topics.map((m) => [m.topic.id, m.via])).toEqual([['intoxicants', 'meaning']]);
    // Below the floor with no words of the question: nothing.
    expect(selectTopics([], [mv(purpose, 1, 0.15), mv(intox, 0, 0.1)], options, 'probability').topics).toEqual([]);
  });

  it('should trust a classifier’s topic that covers enough of the question by its words alone', () => {
    const out = selectTopics([kw(intox, 0, 0.7)], [mv(purpose, 1, 0.05), mv(intox, 0, 0.01)], options, 'probability');
    expect(out.topics.map((m) => [m.topic.id, m.via])).toEqual([['intoxicants', 'keywords']]);
    expect(out.verses).toEqual(['5:90', '5:91', '2:219', '4:43']);
  });

  it('should read probabilities as cosines only when told they are cosines', () => {
    // 0.3 clears the probability floor but not the cosine floor.
    expect(selectTopics([], [mv(intox, 0, 0.3)], options).topics).toEqual([]);
    expect(selectTopics([], [mv(intox, 0, 0.3)], options, 'probability').topics.map((m) => m.topic.id)).toEqual(['intoxicants']);
  });
});
