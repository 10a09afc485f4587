import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { validateChatRequest } from './chat-request-schema.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const request = (verses: { ref: string; context?: string }[]) => ({ question: 'What is patience?', verses });

describe('when the passages together are too long', () => {
  it('should name the verse at which the total passes the cap, counting overlaps once', () => {
    // With contexts allowed on every ref, six passages of 11 reach 66 verses at the sixth.
    const verses = [1, 2, 3, 4, 5, 6].map((n) => ({ ref: `2:${n * 11 - 5}`, context: `2:${n * 11 - 10}-${n * 11}` }));
    const v = validateChatRequest(request(verses), corpus, { maxContexts: 25, maxPassageVerses: 60 });
    expect(v).toStrictEqual({
      ok: false,
      issue: { code: 'too-many-verses', field: 'verses[5]', message: 'verses[5]: the passages reach 66 verses here; at most 60 in all passages together' },
    });
    const overlapping = [1, 2, 3, 4, 5, 6].map(() => ({ ref: '2:153', context: '2:148-158' }));
    expect(validateChatRequest(request(overlapping), corpus, { maxContexts: 25, maxPassageVerses: 60 }).ok).toBe(true);
  });
  it('should refuse a fourth context with the default limits', () => {
    const verses = [
      { ref: '2:153', context: '2:148-158' },
      { ref: '2:153', context: '2:148-158' },
      { ref: '2:153', context: '2:148-158' },
      { ref: '2:153', context: '2:148-158' },
    ];
    const v = validateChatRequest(request(verses), corpus);
    expect(v.ok ? null : v.issue.field).toBe('verses[3].context');
  });
});

describe('when the question has no words', () => {
  it('should refuse zero-width spaces and punctuation alone, saying to write words', () => {
    for (const question of ['\u200b\u200b\u200b', '???', '\u200b \u2060 !', '\u3164', '\u115F\u1160', '\u0640']) {
      const v = validateChatRequest({ question, verses: [] }, corpus);
      expect(v).toStrictEqual({
        ok: false,
        issue: { code: 'invalid-field', field: 'question', message: expect.stringMatching(/^question: question has no words: write it in words/) },
      });
    }
    expect(validateChatRequest({ question: 'صبر؟', verses: [] }, corpus).ok).toBe(true);
  });
});

describe('when earlier questions come in the history', () => {
  it('should cap an earlier question like a question, and an earlier answer at its own limit', () => {
    const long = 'a'.repeat(1001);
    const user = validateChatRequest({ question: 'q', verses: [], history: [{ role: 'user', content: long }] }, corpus);
    expect(user).toStrictEqual({
      ok: false,
      issue: {
        code: 'invalid-field',
        field: 'history[0].content',
        message: 'history[0].content: an earlier question is longer than 1000 characters (the limit of a question)',
      },
    });
    expect(validateChatRequest({ question: 'q', verses: [], history: [{ role: 'assistant', content: long }] }, corpus).ok).toBe(true);
  });
});
