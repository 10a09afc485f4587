/** What the notice under the question field says for each failure, and whether it is an error (an alert) or a note. */
import type { Translate } from '../i18n/ui-language.js';
import type { AskNotice } from './ask-controller.js';

export interface NoticeText {
  readonly text: string;
  /** Errors are announced as alerts; "answers are off" and a failed query vector are notes. */
  readonly isError: boolean;
}

export function noticeText(notice: AskNotice, t: Translate): NoticeText {
  switch (notice.code) {
    case 'rate-limited':
      return { text: notice.retryAfterSeconds === undefined ? t('rateLimitedNoWait') : rateLimitedText(notice.retryAfterSeconds, t), isError: true };
    case 'proxy-down':
      return { text: t('proxyDown'), isError: true };
    case 'chat-not-configured':
      return { text: t(notice.explain ? 'explainWithoutAnswers' : 'chatNotConfigured'), isError: false };
    case 'chat-off':
      return { text: t(notice.explain ? 'explainWithoutAnswers' : 'chatOff'), isError: false };
    case 'embed-failed':
      return { text: t('embedFailed'), isError: false };
    default:
      return { text: t('chatFailed'), isError: true };
  }
}

/**
 * The wait after too many questions: seconds up to two minutes, then whole minutes rounded up
 * (the proxy's default of 20 an hour can ask for most of an hour: "3,147 seconds" is no help).
 */
export function rateLimitedText(seconds: number, t: Translate): string {
  return seconds < 120 ? t('rateLimited', { count: seconds }) : t('rateLimitedMinutes', { count: Math.ceil(seconds / 60) });
}
