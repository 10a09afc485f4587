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
    ${thumb(rating)} ${o.t(rating === 'up' ? 'feedbackUp' : 'feedbackDown')}
  </button>`;
}

/**
 * A thumb drawn with the widget (no emoji: a system without an emoji font showed empty boxes),
 * in the text's colour; the button's words name it.
 */
function thumb(rating: FeedbackRating): TemplateResult {
  return html`<svg class=${rating === 'down' ? 'answer__thumb answer__thumb--down' : 'answer__thumb'} aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="1em" height="1em"
    ><path fill="currentColor"
    d="M2 21h4V9H2v12zm20-11a2 2 0 0 0-2-2h-6.3l1-4.6v-.3a1.5 1.5 0 0 0-.4-1L13.2 1 6.6 7.6A2 2 0 0 0 6 9v10a2 2 0 0 0 2 2h9a2 2 0 0 0 1.8-1.2l3-7.1.2-.7v-2z"/></svg>`;
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
