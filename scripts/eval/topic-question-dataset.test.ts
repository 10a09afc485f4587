import { describe, expect, it } from 'vitest';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';
import { topicQuestionDataset } from './topic-question-dataset.js';

describe('topicQuestionDataset', () => {
  it('should give each question of the language with its topic’s verses as gold', () => {
    const lines = topicQuestionDataset(SAMPLE_TOPICS, 'tr');
    expect(lines).toStrictEqual([
      { id: 'intoxicants-1', query: 'İslam’da alkol içmek haram mı?', lang: 'tr', relevant: SAMPLE_TOPICS[0]!.verses },
      { id: 'purpose-of-life-1', query: 'Hayatın amacı nedir?', lang: 'tr', relevant: SAMPLE_TOPICS[1]!.verses },
    ]);
  });

  it('should refuse a language the topics are not written in, and name the ones they are', () => {
    expect(() => topicQuestionDataset(SAMPLE_TOPICS, 'de' as 'en')).toThrow(/no topic questions in "de"; the languages are en, ar, ur/);
  });
});
