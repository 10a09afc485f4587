// @vitest-environment happy-dom
import { render } from 'lit';
import { describe, expect, it } from 'vitest';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';
import { matchedTopicTemplate, topicName } from './matched-topic.js';

const topics = { version: 't1', file: { schema: 1 as const, topics: SAMPLE_TOPICS }, vectors: null };
const t = (_key: 'matchedTopic', v: { name: string }) => `Topic: ${v.name}`;

describe('when a question matched a topic', () => {
  it('should name the first topic in the interface language, above the verses', () => {
    const host = document.createElement('div');
    render(
      matchedTopicTemplate({
        topics,
        matched: [
          { id: 'intoxicants', via: 'keywords' },
          { id: 'purpose-of-life', via: 'meaning' },
        ],
        lang: 'ar',
        t,
      }),
      host,
    );
    expect(host.querySelector('[part="topic"]')?.textContent).toBe('Topic: الخمر والمسكرات');
  });

  it('should fall back to English for a language the index does not have, and show nothing without a match', () => {
    expect(topicName(topics, 'purpose-of-life', 'de')).toBe('The purpose of life');
    expect(topicName(topics, 'no-such-topic', 'en')).toBeUndefined();
    const host = document.createElement('div');
    render(matchedTopicTemplate({ topics, matched: undefined, lang: 'en', t }), host);
    render(matchedTopicTemplate({ topics: null, matched: [{ id: 'intoxicants', via: 'keywords' }], lang: 'en', t }), host);
    expect(host.querySelector('[part="topic"]')).toBeNull();
  });
});
