/**
 * @module
 * The answer section: its heading (focused when the answer is done), the answer checked and
 * rendered (what streamed in since the last check as plain text; all of it plain until the
 * renderer is there), the note under it, an explained verse's tafsir link, and once finished
 * the row of actions (share, 👍/👎) and the site owner's contact link.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import type { Translate } from '../i18n/ui-language.js';
import { AskStatus, type AskController } from '../asking/ask-controller.js';
import type { AnswerPresenter } from './answer-presenter.js';
import { textChunks } from './text-chunks.js';

export interface AnswerSectionOptions {
  readonly t: Translate;
  /** The answer as it streams in, and the question's state. */
  readonly asking: Pick<AskController, 'answer' | 'status'>;
  /** The answer checked and rendered, and the actions under it. */
  readonly presenter: Pick<AnswerPresenter, 'rendered' | 'uncheckedTail' | 'footer'>;
  /** The explained verse's tafsir link (with or without the note that the answer is not a tafsir). */
  readonly tafsir: (note: boolean) => TemplateResult | typeof nothing;
  readonly contact: () => TemplateResult | typeof nothing;
}

export function answerSectionTemplate({ t, asking, presenter, tafsir, contact }: AnswerSectionOptions): TemplateResult | typeof nothing {
  const { answer, status } = asking;
  const answering = status === AskStatus.Answering;
  const complete = status === AskStatus.Complete;
  // Explained without a written answer (search mode, no LLM, or it failed): the passage and its
  // tafsir link, without the note that calls the answer an explanation.
  if (!answer && !answering) return tafsir(false);
  const rendered = presenter.rendered;
  // The checked answer is walked again only when it was checked again, not for each delta's tail.
  const tail = presenter.uncheckedTail(answer);
  return html`<section class="answer" part="answer" aria-labelledby="answer-heading">
    <h3 id="answer-heading" part="answer-heading" tabindex="-1">${t('answerHeading')}</h3>
    <div class="answer__body" part="answer-body" aria-live="polite" aria-busy=${answering ? 'true' : 'false'}>
      ${rendered ? html`${guard([rendered], () => rendered.template)}${tail ? html`<p class="answer__pending">${textChunks(tail)}</p>` : nothing}` : html`<p>${textChunks(answer)}</p>`}
    </div>
    <p class="answer__disclaimer" part="answer-disclaimer">${t('answerDisclaimer')}</p>
    ${tafsir(true)} ${complete ? presenter.footer(t) : nothing} ${complete ? contact() : nothing}
  </section>`;
}
