/**
 * @module
 * The polite status line (searching, answering, how many verses) and the notice under the
 * question: why there is no answer, what failed, the rate limit's wait counted down, with a
 * Try again button where trying again can help.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { classMap } from 'lit/directives/class-map.js';
import type { Translate } from '../i18n/ui-language.js';
import { AskStatus, type AskController } from './ask-controller.js';
import { noticeText, rateLimitedText } from './notice-text.js';
import type { RetryCountdown } from './retry-countdown.js';

type AskState = Pick<AskController, 'status' | 'answer' | 'result' | 'notice'>;

export function statusText(asking: AskState, t: Translate): string {
  switch (asking.status) {
    case AskStatus.Searching:
      return t('searching');
    case AskStatus.Refining:
      return t('refining');
    case AskStatus.Answering:
      return t('answering');
    case AskStatus.Stopped:
      return t('stopped');
    case AskStatus.Complete:
      return asking.answer ? t('answerDone') : asking.result?.kind === 'none' ? '' : t('versesFound', { count: asking.result?.hits.length ?? 0 });
    default:
      return '';
  }
}

export function noticeTemplate(
  asking: AskState,
  wait: Pick<RetryCountdown, 'waiting' | 'remaining' | 'total'>,
  t: Translate,
  onRetry: () => void,
): TemplateResult | typeof nothing {
  const { notice, status } = asking;
  // A question searched during a rate-limit wait gets its answer with Try again once the wait ends.
  const canRetry = status === AskStatus.Failed || status === AskStatus.Stopped || notice?.code === 'rate-limited';
  const retry = canRetry
    ? html`<button type="button" class="button button--quiet" part="retry" ?disabled=${wait.waiting} @click=${onRetry}>${t('retry')}</button>`
    : nothing;
  if (!notice) return status === AskStatus.Stopped ? html`<div class="notice" part="notice notice-stopped">${t('stopped')} ${retry}</div>` : nothing;
  // The live seconds are shown but not spoken: an alert re-read every second would drown a
  // screen reader. It hears the wait once, and again when asking is possible.
  if (
    notice.code === 'rate-limited' &&
    notice.retryAfterSeconds !== undefined &&
    wait.total !== undefined &&
    (wait.remaining < wait.total || wait.total === 0)
  ) {
    const spoken = wait.waiting ? rateLimitedText(notice.retryAfterSeconds, t) : t('rateLimitOver');
    return html`<div class="notice notice--error" part="notice notice-rate-limited" role="alert">
      ${wait.waiting ? html`<span aria-hidden="true">${rateLimitedText(wait.remaining, t)}</span><span class="visually-hidden">${spoken}</span>` : html`<span>${spoken}</span>`}
      ${retry}
    </div>`;
  }
  const { text, isError } = noticeText(notice, t);
  return html`<div class=${classMap({ notice: true, 'notice--error': isError })} part=${`notice notice-${notice.code}`} role=${isError ? 'alert' : 'note'}>
    <span>${text}</span> ${retry}
  </div>`;
}
