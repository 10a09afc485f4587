import { describe, expect, it } from 'vitest';
import { asksWhatTheQuranSays } from './quran-framing.js';

describe('asksWhatTheQuranSays', () => {
  it('should be true when the question names the Quran as its source', () => {
    for (const q of [
      'What does the Quran say about prayer?',
      'What is in the Holy Quran about fasting?',
      'Which verses about patience?',
      'Quranic view of charity',
      'ماذا يقول القرآن عن الصبر؟',
    ]) {
      expect(asksWhatTheQuranSays(q), q).toBe(true);
    }
  });

  it('should be false for questions to the mosque that only mention the Quran', () => {
    for (const q of ["When is Jumu'ah?", 'Do you have Quran classes for children?', 'Is there a sisters entrance?', 'Quran reading times']) {
      expect(asksWhatTheQuranSays(q), q).toBe(false);
    }
  });

  it('should stay fast on a long run of spaces', () => {
    expect(asksWhatTheQuranSays(`quran${' '.repeat(100_000)}x`)).toBe(false);
  });
});
