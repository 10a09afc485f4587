import { beforeAll, describe, expect, it } from 'vitest';
import { loadUiText, translator } from '../i18n/ui-language.js';
import { noticeText, rateLimitedText } from './notice-text.js';

const t = translator('en');

// Tables other than English load on demand.
beforeAll(async () => {
  await loadUiText('ar');
});

describe('when a failure becomes a notice', () => {
  it('should say what happened, and mark only real failures as errors', () => {
    expect(noticeText({ code: 'rate-limited', retryAfterSeconds: 30 }, t)).toStrictEqual({
      text: 'Too many questions right now. Please wait 30 seconds and try again. The verses are shown below.',
      isError: true,
    });
    expect(noticeText({ code: 'rate-limited' }, t)).toStrictEqual({ text: t('rateLimitedNoWait'), isError: true });
    expect(noticeText({ code: 'proxy-down' }, t)).toStrictEqual({
      text: 'The answer service cannot be reached right now. The verses are shown below.',
      isError: true,
    });
    expect(noticeText({ code: 'chat-off' }, t)).toStrictEqual({ text: t('chatOff'), isError: false });
    expect(noticeText({ code: 'chat-not-configured' }, t)).toStrictEqual({ text: t('chatNotConfigured'), isError: false });
    // Explain on a site without answers: the passage is what the visitor gets, whatever the reason.
    expect([noticeText({ code: 'chat-not-configured', explain: true }, t).text, noticeText({ code: 'chat-off', explain: true }, t).text]).toStrictEqual([
      t('explainWithoutAnswers'),
      t('explainWithoutAnswers'),
    ]);
    expect(t('chatNotConfigured')).not.toBe(t('chatOff'));
    expect(noticeText({ code: 'embed-failed' }, t)).toStrictEqual({ text: t('embedFailed'), isError: false });
    expect(noticeText({ code: 'chat-failed' }, t)).toStrictEqual({ text: t('chatFailed'), isError: true });
  });

  it('should give a long wait in whole minutes, rounded up, and a short one in seconds', () => {
    expect(rateLimitedText(119, t)).toBe('Too many questions right now. Please wait 119 seconds and try again. The verses are shown below.');
    expect(rateLimitedText(120, t)).toBe('Too many questions right now. Please wait 2 minutes and try again. The verses are shown below.');
    expect(noticeText({ code: 'rate-limited', retryAfterSeconds: 3147 }, t).text).toBe(
      'Too many questions right now. Please wait 53 minutes and try again. The verses are shown below.',
    );
    expect(rateLimitedText(1, t)).toBe('Too many questions right now. Please wait 1 second and try again. The verses are shown below.');
  });

  it('should speak the visitor language', () => {
    const ar = translator('ar');
    expect(noticeText({ code: 'proxy-down' }, ar).text).toBe(ar('proxyDown'));
    expect(ar('proxyDown')).not.toBe(t('proxyDown'));
  });
});
