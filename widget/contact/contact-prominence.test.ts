import { describe, expect, it } from 'vitest';
import { asksForRuling, contactProminent } from './contact-prominence.js';

const quiet = { question: 'What does the Quran say about patience?', answer: 'Patience is praised [2:153].', searchKind: 'verses' as const };

describe('when deciding whether to put the contact link forward', () => {
  it('should stay quiet for an ordinary question the verses answer', () => {
    expect(contactProminent(quiet)).toBe(false);
  });
  it('should put it forward when the search found nothing', () => {
    expect(contactProminent({ ...quiet, answer: '', searchKind: 'none' })).toBe(true);
  });
  it('should put it forward when the Da\'i says the verses do not cover the question, in any case', () => {
    expect(contactProminent({ ...quiet, answer: 'i could not find Quranic guidance on this specific point. The verses speak of…' })).toBe(true);
  });
  it('should recognise a few unambiguous ruling words in several languages, and not ordinary words that contain them', () => {
    expect(['Is music haram?', 'Is it allowed to pray sitting?', 'هل يجوز الصيام في السفر؟', 'Est-il permis de…', 'Apakah ini halal?', 'Это разрешено?', 'ما حكم الربا؟', 'سود کا حکم کیا ہے؟'].map(asksForRuling)).toStrictEqual([true, true, true, true, true, true, true, true]);
    expect(['Tell me about the Haramain', 'What is charity?', 'Tell me about Abraham'].map(asksForRuling)).toStrictEqual([false, false, false]);
  });
});
