import { describe, expect, it } from 'vitest';
import { feedbackRecord } from './feedback-record.js';

const AT = new Date('2026-11-23T12:00:00Z');

describe('feedbackRecord', () => {
  it('should keep no visitor text by default, only whether there was a comment', () => {
    const r = feedbackRecord(
      {
        question: 'Is alcohol forbidden?',
        rating: 'down',
        comment: 'It missed 5:90',
        citations: ['2:219'],
        lang: 'en',
        answer: { text: 'An answer.', signature: 'a'.repeat(43) },
      },
      AT,
      false,
    );
    expect(r).toStrictEqual({
      type: 'quran-dai-feedback',
      receivedAt: '2026-11-23T12:00:00.000Z',
      rating: 'down',
      citations: ['2:219'],
      hasComment: true,
      lang: 'en',
      text: 'quran-dai feedback 👎 (with a comment) citing 2:219',
    });
    expect(JSON.stringify(r)).not.toContain('alcohol');
  });

  it('should carry the question and comment when the operator opted in', () => {
    const r = feedbackRecord(
      { question: 'Who was Jesus?', rating: 'up', comment: 'clear', citations: ['3:59', '19:30'], answer: { text: 'An answer.', signature: 'a'.repeat(43) } },
      AT,
      true,
    );
    expect(r).toMatchObject({ question: 'Who was Jesus?', comment: 'clear', hasComment: true });
    expect(r.text).toBe('quran-dai feedback 👍 on "Who was Jesus?": "clear" citing 3:59, 19:30');
  });
});
