/**
 * @module
 * The column the visitor reads, in the order they meet it: loading, earlier questions, the
 * question box and starters, the status and notices, the answer, the verses, the mosque's own
 * passages, the topics and the texts' sources. The element's controllers come in as they are;
 * this module only composes their views.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import { aboutTextsTemplate } from '../about/about-texts-template.js';
import type { AnswerPresenter } from '../answer/answer-presenter.js';
import { answerSectionTemplate } from '../answer/answer-section-view.js';
import { tafsirLinkTemplate } from '../answer/tafsir-link.js';
import { AskStatus, type AskController } from '../asking/ask-controller.js';
import { askFormTemplate, startersTemplate } from '../asking/ask-form-view.js';
import { noticeTemplate, statusText } from '../asking/notice-view.js';
import type { RetryCountdown } from '../asking/retry-countdown.js';
import { BootStatus, type BootController } from '../boot/boot-controller.js';
import { bootTemplate, modelProgressTemplate } from '../boot/boot-view.js';
import type { ContactContext, ContactController } from '../contact/contact-controller.js';
import type { HistoryController } from '../history/history-controller.js';
import { clearHistoryTemplate, historyTemplate } from '../history/history-view.js';
import type { Translate } from '../i18n/ui-language.js';
import type { CopiedMarker } from '../share/copied-marker.js';
import type { SiteSectionController } from '../site/site-section-controller.js';
import type { TopicsController } from '../topics/topics-controller.js';
import type { VerseActions } from '../verses/verse-actions.js';

type VerseListModule = typeof import('../verses/verse-list-view.js');

export interface MainViewOptions {
  readonly t: Translate;
  readonly lang: string;
  /** The translation the visitor chose (English is shown while it is not loaded). */
  readonly track: TextTrackId;
  /** The element has a proxy to ask. */
  readonly configured: boolean;
  readonly boot: BootController;
  readonly asking: AskController;
  readonly answer: AnswerPresenter;
  readonly history: HistoryController;
  /** The verse list's module, once loaded. */
  readonly verseList: VerseListModule | undefined;
  readonly verses: VerseActions;
  readonly site: SiteSectionController;
  readonly topics: TopicsController;
  readonly contact: ContactController;
  readonly copied: CopiedMarker;
  readonly rateLimitWait: RetryCountdown;
  readonly starters: readonly string[];
  readonly form: {
    readonly question: string;
    readonly placeholder: string | undefined;
    readonly canAsk: boolean;
    readonly queued: boolean;
    readonly sharedPending: boolean;
    readonly contactLabel: string | undefined;
  };
  readonly on: {
    readonly input: (question: string) => void;
    readonly submit: () => void;
    readonly stop: () => void;
    readonly starter: (question: string) => void;
    readonly retry: () => void;
    readonly clearHistory: () => void;
    readonly explain: (ref: string) => void;
  };
}

export function mainTemplate(o: MainViewOptions): TemplateResult {
  const { t, boot, asking, form, on } = o;
  const corpus = boot.corpus;
  const ready = boot.status === BootStatus.Ready;
  const contact: ContactContext = { question: asking.question, answer: asking.answer, searchKind: asking.result?.kind, label: form.contactLabel, t };
  const tafsir = (ref: string | undefined, note = true) => tafsirLinkTemplate(ref, corpus, t, note);
  const showStarters = asking.status === AskStatus.Idle && o.history.items.length === 0 && ready;
  return html`<div class="main" part="main">
    ${bootTemplate({ configured: o.configured, status: boot.status, progress: boot.progress, questionQueued: form.queued, t })}
    ${modelProgressTemplate(boot.modelProgress, t)}
    ${historyTemplate({ items: o.history.items, viewOf: (x) => o.history.viewOf(x, o.answer.inputs()), tafsir, t })}
    ${o.history.empty ? nothing : clearHistoryTemplate(t, on.clearHistory)}
    ${askFormTemplate({
      t,
      question: form.question,
      placeholder: form.placeholder,
      canAsk: form.canAsk,
      busy: asking.busy,
      sharedPending: form.sharedPending,
      onInput: on.input,
      onSubmit: on.submit,
      onStop: on.stop,
    })}
    ${showStarters ? startersTemplate(o.starters, t, on.starter) : nothing}
    <div class="status" part="status" role="status" aria-live="polite">${statusText(asking, t)}</div>
    ${noticeTemplate(asking, o.rateLimitWait, t, on.retry)}
    ${
      corpus
        ? answerSectionTemplate({ t, asking, presenter: o.answer, tafsir: (note) => tafsir(asking.explain, note), contact: () => o.contact.template(contact) })
        : nothing
    }
    ${
      corpus && asking.result && o.verseList
        ? o.verseList.verseListTemplate({
            corpus,
            result: asking.result,
            translation: corpus.hasTrack(o.track) ? o.track : 'en',
            t,
            lang: o.lang,
            example: o.starters[0] ?? '',
            topic: o.verseList.matchedTopicTemplate({
              topics: boot.topics,
              matched: asking.result.topics,
              lang: o.lang,
              t,
              onOpen: o.topics.canOpen ? (id) => o.topics.open(id) : undefined,
            }),
            contact: o.contact.template(contact),
            rulingContact: asking.status === AskStatus.Complete ? o.contact.rulingTemplate(contact) : nothing,
            actions: o.verses,
            sharedRef: o.copied.key,
            onExplain: on.explain,
            explained: asking.explain,
          })
        : nothing
    }
    ${o.site.template(asking.siteHits, t)} ${o.topics.template()}
    ${corpus ? aboutTextsTemplate({ sources: corpus.sources, lang: o.lang, t }) : nothing}
  </div>`;
}
