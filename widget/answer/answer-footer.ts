/**
 * Under a finished answer: share it, rate it 👍/👎 with an optional short comment, and the
 * site owner's contact link. Loaded with the answer renderer, so none of it is in the first
 * load. Only renders: the element owns the state and fires the events.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { FEEDBACK_LIMITS, type FeedbackRating } from '../../data/contracts/feedback-request.js';
import type { Translate } from '../i18n/ui-language.js';

export interface AnswerFooterOptions {
  readonly t: Translate;
  /** The share fell back to copying a moment ago. */
  readonly shared: boolean;
  /** The visitor's rating of this answer, once given. */
  readonly rating: FeedbackRating | undefined;
  /** The comment was sent: the form gives way to a thank-you. */
  readonly commented: boolean;
  readonly onShare: () => void;
  readonly onRate: (rating: FeedbackRating) => void;
  readonly onComment: (comment: string) => void;
}

function ratingButton(o: AnswerFooterOptions, rating: FeedbackRating): TemplateResult {
  return html`<button
    type="button"
    class="verse__button"
    part=${`feedback feedback-${rating}`}
    aria-pressed=${o.rating === rating ? 'true' : 'false'}
    @click=${() => o.onRate(rating)}
  >
    <span aria-hidden="true">${rating === 'up' ? '👍' : '👎'}</span> ${o.t(rating === 'up' ? 'feedbackUp' : 'feedbackDown')}
  </button>`;
}

function commentTemplate(o: AnswerFooterOptions): TemplateResult | typeof nothing {
  if (!o.rating) return nothing;
  const thanks = html`<p class="answer__tafsir" part="feedback-thanks" role="status">${o.t('feedbackThanks')}</p>`;
  if (o.commented) return thanks;
  const submit = (e: Event): void => {
    e.preventDefault();
    const input = (e.target as HTMLFormElement).querySelector('input');
    const comment = input?.value.trim() ?? '';
    if (comment) o.onComment(comment);
  };
  return html`${thanks}<form class="answer__comment" part="feedback-form" @submit=${submit}>
    <label class="visually-hidden" for="feedback-comment">${o.t('feedbackComment')}</label>
    <input id="feedback-comment" class="form__input" part="feedback-comment" type="text" maxlength=${FEEDBACK_LIMITS.maxCommentChars} placeholder=${o.t('feedbackComment')} />
    <button type="submit" class="verse__button" part="feedback-send">${o.t('feedbackSend')}</button>
  </form>`;
}

export function answerFooterTemplate(o: AnswerFooterOptions): TemplateResult {
  return html`<div class="verse__actions answer__actions" part="answer-actions">
      <button type="button" class="verse__button" part="answer-share" @click=${() => o.onShare()}>${o.shared ? o.t('copied') : o.t('shareAnswer')}</button>
      ${ratingButton(o, 'up')} ${ratingButton(o, 'down')}
    </div>
    ${commentTemplate(o)}`;
}

