/**
 * @module
 * The ask form: the question field with its Ask (or, while busy, Stop) button, the note under a
 * question filled in from a shared link, and the starter questions before the first one.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { live } from 'lit/directives/live.js';
import { CHAT_LIMITS } from '../../data/contracts/chat-request.js';
import type { Translate } from '../i18n/ui-language.js';

export interface AskFormOptions {
  readonly t: Translate;
  readonly question: string;
  /** The site owner's placeholder, else the localised one. */
  readonly placeholder: string | undefined;
  /** The text is ready, or on its way (a question then waits for it). */
  readonly canAsk: boolean;
  /** A search or answer runs: the button is Stop. */
  readonly busy: boolean;
  /** The box holds a shared link's question, asked only when the visitor presses Ask. */
  readonly sharedPending: boolean;
  readonly onInput: (question: string) => void;
  readonly onSubmit: () => void;
  readonly onStop: () => void;
}

export function askFormTemplate(o: AskFormOptions): TemplateResult {
  const t = o.t;
  const submit = (event: Event): void => {
    event.preventDefault();
    o.onSubmit();
  };
  return html`<form class="form" part="form" @submit=${submit} role="search">
      <label class="visually-hidden" for="question">${t('inputLabel')}</label>
      <input
        id="question"
        class="form__input"
        part="input"
        type="search"
        enterkeyhint="send"
        autocomplete="off"
        maxlength=${CHAT_LIMITS.maxQuestionChars}
        placeholder=${o.placeholder || t('placeholder')}
        .value=${live(o.question)}
        @input=${(e: Event) => o.onInput((e.target as HTMLInputElement).value)}
        aria-describedby=${o.sharedPending ? 'shared-question-note' : nothing}
      />
      ${
        o.busy
          ? html`<button type="button" class="button form__stop" part="stop" @click=${o.onStop}>${t('stop')}</button>`
          : html`<button type="submit" class="button" part="submit" ?disabled=${!o.canAsk}>${t('submit')}</button>`
      }
    </form>
    ${o.sharedPending ? html`<p id="shared-question-note" class="notice" part="notice notice-shared-question" role="status">${t('sharedQuestionReady')}</p>` : nothing}`;
}

/** Suggested first questions, shown until the visitor has asked one. */
export function startersTemplate(starters: readonly string[], t: Translate, onStarter: (question: string) => void): TemplateResult {
  return html`<div class="starters" part="starters">
    <p>${t('starterHeading')}</p>
    <ul>
      ${starters.map((q) => html`<li><button type="button" class="starter" part="starter" @click=${() => onStarter(q)}>${q}</button></li>`)}
    </ul>
  </div>`;
}
