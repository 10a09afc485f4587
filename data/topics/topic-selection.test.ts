import { describe, expect, it } from 'vitest';
import type { TopicMatch } from './topic-index.js';
import { selectTopics } from './topic-selection.js';
import { SAMPLE_TOPICS } from '../testing/sample-topics.js';

const [intox, purpose] = SAMPLE_TOPICS as [(typeof SAMPLE_TOPICS)[0], (typeof SAMPLE_TOPICS)[0]];
const kw = (topic: typeof intox, index: number, coverage: number): TopicMatch => ({ topic, index, score: coverage, coverage, via: 'keywords' });
const mv = (topic: typeof intox, index: number, score: number): TopicMatch => ({ topic, index, score, via: 'meaning' });
const options = { minCoverage: 0.5, minCosine: 0.85, count: 2, maxVerses: 20 };

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
});
