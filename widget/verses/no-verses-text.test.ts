import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadUiText, translator } from '../i18n/ui-language.js';
import { noVersesText } from './no-verses-text.js';

let corpus: Corpus;

beforeAll(async () => {
  corpus = await loadTestCorpus();
  await Promise.all((['en', 'ar', 'ru'] as const).map(loadUiText));
});

const EXAMPLE = 'What does the Quran say about patience?';

describe('when no verse is shown', () => {
  it('should say no relevant verses were found when the question was searched', () => {
    expect(noVersesText(undefined, corpus, translator('en'), EXAMPLE)).toBe(
      'No relevant verses were found for this question. Try other words, or ask a local scholar or imam.',
    );
  });

  it('should ask for words, with an example, when the question had none', () => {
    expect(noVersesText({ kind: 'no-words' }, corpus, translator('en'), EXAMPLE)).toBe(
      'Please write your question in words, for example: What does the Quran say about patience?',
    );
  });

  it("should give the surah's verse count for a verse past its end, the reference kept left to right", () => {
    const t = translator('en');
    expect(noVersesText({ kind: 'no-such-verse', surah: 2, ref: '2:999' }, corpus, t, EXAMPLE)).toBe(
      'Surah Al-Baqarah has 286 verses, so \u20662:999\u2069 does not exist.',
    );
    expect(noVersesText({ kind: 'no-such-verse', surah: 1, ref: '1:5-9' }, corpus, t, EXAMPLE)).toBe(
      'Surah Al-Fatihah has 7 verses, so \u20661:5-9\u2069 does not exist.',
    );
  });

  it('should say how many surahs there are for a surah that does not exist', () => {
    expect(noVersesText({ kind: 'no-such-verse', surah: 115, ref: '115:1' }, corpus, translator('en'), EXAMPLE)).toBe(
      'There is no surah 115: the Quran has 114 surahs.',
    );
    expect(noVersesText({ kind: 'no-such-verse', surah: 0, ref: '0' }, corpus, translator('en'), EXAMPLE)).toBe(
      'There is no surah 0: the Quran has 114 surahs.',
    );
  });

  it("should use the language's plural form of the verse count", () => {
    // Surah 103 has 3 verses: Arabic "few" (آيات) and Russian "few" (аята), not the forms for 286.
    const problem = { kind: 'no-such-verse', surah: 103, ref: '103:4' } as const;
    expect(noVersesText(problem, corpus, translator('ar'), EXAMPLE)).toContain(' آيات، ');
    expect(noVersesText(problem, corpus, translator('ru'), EXAMPLE)).toContain(' аята, ');
    expect(noVersesText({ kind: 'no-such-verse', surah: 2, ref: '2:999' }, corpus, translator('ru'), EXAMPLE)).toContain(' аятов, ');
  });

  it('should name the surah in Arabic under the Arabic interface, not in Latin letters', () => {
    const text = noVersesText({ kind: 'no-such-verse', surah: 2, ref: '2:999' }, corpus, translator('ar'), EXAMPLE, 'ar');
    expect(text).toContain(`سورة ${corpus.surah(2).nameArabic}`);
    expect(text).not.toMatch(/[A-Za-z]/);
  });
});
