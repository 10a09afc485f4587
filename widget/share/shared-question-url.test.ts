import { describe, expect, it } from 'vitest';
import { sharedQuestionIn, sharedQuestionUrl } from './shared-question-url.js';

describe('sharedQuestionUrl', () => {
  it("should add the question and keep the page's own parameters and fragment", () => {
    expect(sharedQuestionUrl('https://mosque.example/ask?lang=ur#widget', ' Is drinking alcohol forbidden? ')).toBe(
      'https://mosque.example/ask?lang=ur&quran-dai-q=Is+drinking+alcohol+forbidden%3F#widget',
    );
  });

  it('should replace a question already in the URL', () => {
    expect(sharedQuestionUrl('https://mosque.example/?quran-dai-q=old', 'الصبر')).toBe('https://mosque.example/?quran-dai-q=%D8%A7%D9%84%D8%B5%D8%A8%D8%B1');
  });
});

describe('sharedQuestionIn', () => {
  it('should read back what sharedQuestionUrl wrote, in any script', () => {
    for (const q of ['Who was Jesus?', 'صبر کے بارے میں قرآن کیا کہتا ہے؟', 'a & b = c?']) {
      expect(sharedQuestionIn(sharedQuestionUrl('https://mosque.example/page', q))).toBe(q);
    }
  });

  it.each([
    'https://mosque.example/',
    'https://mosque.example/?quran-dai-q=',
    'https://mosque.example/?quran-dai-q=%20%20',
    `https://mosque.example/?quran-dai-q=${'a'.repeat(1001)}`,
    'not a url',
  ])('should find no question in %s', (url) => {
    expect(sharedQuestionIn(url)).toBeUndefined();
  });
});
