import { describe, expect, it } from 'vitest';
import { hasWords } from './question-words.js';

describe('when a question is read for words', () => {
  it('should find letters and digits of any script', () => {
    for (const q of ['patience', 'صبر', '忍耐', 'ধৈর্য', '2:153', 'кто']) expect(hasWords(q), q).toBe(true);
  });
  it('should find none in letters that draw nothing, alone or together', () => {
    for (const q of ['\u3164', '\u115F\u1160', '\u0640\u0640', '\uFFA0 \u3164', ' \u200b?! ']) expect(hasWords(q), JSON.stringify(q)).toBe(false);
    expect(hasWords('\u3164صبر')).toBe(true);
  });
});
