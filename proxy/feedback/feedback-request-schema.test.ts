import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { validateFeedbackRequest } from './feedback-request-schema.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const answer = { text: 'An answer.', signature: 'a'.repeat(43) };

describe('validateFeedbackRequest', () => {
  it('should accept a rating with its citations and trim the comment', () => {
    const v = validateFeedbackRequest({ question: ' Who was Jesus? ', rating: 'up', comment: '  clear  ', citations: ['3:59'], lang: 'en', answer }, corpus);
    expect(v).toStrictEqual({ ok: true, value: { question: 'Who was Jesus?', rating: 'up', comment: 'clear', citations: ['3:59'], lang: 'en', answer } });
  });

  it('should drop an empty comment rather than keep ""', () => {
    const v = validateFeedbackRequest({ question: 'q', rating: 'down', comment: '   ', citations: [], answer }, corpus);
    expect(v).toStrictEqual({ ok: true, value: { question: 'q', rating: 'down', citations: [], answer } });
  });

  it.each([
    [{ question: 'q', rating: 'meh', citations: [] }, 'rating', 'rating: rating must be "up" or "down"'],
    [{ question: '', rating: 'up', citations: [] }, 'question', 'question: question is empty'],
    [{ question: 'q', rating: 'up', comment: 'x'.repeat(501), citations: [] }, 'comment', 'comment: comment is longer than 500 characters'],
    [{ question: 'q', rating: 'up', citations: ['2-153'] }, 'citations[0]', 'citations[0]: each citation must look like "2:153" (surah:ayah)'],
    [{ question: 'q', rating: 'up', citations: Array(26).fill('1:1') }, 'citations', 'citations: citations has more than 25 references'],
    ['thumbs up', 'body', 'body must be a JSON object {question, rating, citations, comment?, answer}'],
  ])('should refuse %j naming %s', (body, field, message) => {
    expect(validateFeedbackRequest(body, corpus)).toStrictEqual({ ok: false, issue: { code: 'invalid-field', field, message } });
  });

  it('should refuse a citation that is not a verse', () => {
    expect(validateFeedbackRequest({ question: 'q', rating: 'up', citations: ['2:153', '1:8'], answer }, corpus)).toStrictEqual({
      ok: false,
      issue: { code: 'unknown-verse', field: 'citations[1]', message: 'citations[1]: 1:8 is not a verse of the Quran' },
    });
  });
});
