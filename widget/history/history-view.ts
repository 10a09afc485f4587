/**
 * @module
 * Earlier questions of this conversation with their answers (rendered and checked like the
 * current one once the answer renderer is there, plain text before), and the button that
 * clears them.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { ConversationExchange } from './conversation-store.js';
import type { AnswerView } from '../answer/answer-view.js';
import type { Translate } from '../i18n/ui-language.js';

export interface HistoryViewOptions {
  readonly items: readonly ConversationExchange[];
  /** An earlier answer checked and rendered; undefined while the renderer loads. */
  readonly viewOf: (exchange: ConversationExchange) => AnswerView | undefined;
  /** An explained verse's tafsir link. */
  readonly tafsir: (ref: string | undefined) => TemplateResult | typeof nothing;
  readonly t: Translate;
}

export function historyTemplate(o: HistoryViewOptions): TemplateResult | typeof nothing {
  if (o.items.length === 0) return nothing;
  const t = o.t;
  return html`<section class="history" part="history" aria-labelledby="history-heading">
    <h3 id="history-heading">${t('historyHeading')}</h3>
    <ol>
      ${o.items.map((x) => {
        const rendered = o.viewOf(x);
        return html`<li part="history-item">
          <p class="history__question"><span class="visually-hidden">${t('you')}: </span><bdi>${x.question}</bdi></p>
          ${rendered ? html`<div class="answer__body">${rendered.template}</div>` : x.answer ? html`<p class="answer__body">${x.answer}</p>` : nothing}
          ${x.answer ? o.tafsir(x.explain) : nothing}
        </li>`;
      })}
    </ol>
  </section>`;
}

export function clearHistoryTemplate(t: Translate, onClear: () => void): TemplateResult {
  return html`<div class="toolbar">
    <button type="button" class="button button--quiet" part="clear" @click=${onClear}>${t('clearHistory')}</button>
  </div>`;
}
