import { describe, expect, it } from 'vitest';
import { answerSharePayload, shareClipboardText } from './answer-share-text.js';

const ANSWER = {
  question: 'Can God forgive all my sins?',
  answerText: 'The Quran says Allah forgives all sins to those who repent [39:53], though not association [4:48]. [39:53]\n',
  citations: [
    { surah: 39, ayah: 53 },
    { surah: 4, ayah: 48 },
    { surah: 39, ayah: 53 },
  ],
  pageUrl: 'https://mosque.example/ask',
};

describe('answerSharePayload', () => {
  it('should carry the question, the answer, one quran.com link per cited verse and a link that asks again', () => {
    expect(answerSharePayload(ANSWER)).toStrictEqual({
      title: 'Can God forgive all my sins?',
      text: [
        'Can God forgive all my sins?',
        '',
        'The Quran says Allah forgives all sins to those who repent [39:53], though not association [4:48]. [39:53]',
        '',
        '39:53 https://quran.com/39/53',
        '4:48 https://quran.com/4/48',
      ].join('\n'),
      url: 'https://mosque.example/ask?quran-dai-q=Can+God+forgive+all+my+sins%3F',
    });
  });

  it('should put the page link last in the clipboard text', () => {
    const text = shareClipboardText(answerSharePayload({ ...ANSWER, citations: [] }));
    expect(text.split('\n').at(-1)).toBe('https://mosque.example/ask?quran-dai-q=Can+God+forgive+all+my+sins%3F');
    expect(text).not.toContain('quran.com');
  });
});
