/**
 * @module
 * The "Topics" view: every topic of the index in the visitor's language, filtered as they type,
 * each a button that opens the topic's verses. A native disclosure (keyboard and screen reader
 * ready: Enter or Space opens it), a labelled search field, and a count announced as the list
 * narrows. Loaded once the topics are, so pages never pay for it in the first load.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { guard } from 'lit/directives/guard.js';
import { topicEntries, topicResult } from '../../data/topics/topic-browse.js';
import type { Topic } from '../../data/topics/topic-types.js';
import type { Translate } from '../i18n/ui-language.js';

export { topicResult };
export { topicsViewStyles } from './topics-view.styles.js';

export interface TopicsViewOptions {
  readonly topics: readonly Topic[];
  readonly lang: string;
  /** What the visitor typed in the filter. */
  readonly filter: string;
  /** Whether the visitor has opened the list: a closed one draws no topic. */
  readonly open: boolean;
  readonly t: Translate;
  readonly onFilter: (filter: string) => void;
  readonly onOpen: (id: string) => void;
  readonly onToggle: (open: boolean) => void;
}

/**
 * The view, made again only when the topics, the language, the filter or its opening change: the
 * element renders on every streamed chunk of an answer, and sorting and drawing every topic each
 * time froze the page for seconds (the view's handlers reach the controller, which does not change).
 * The topics are drawn only once the visitor opens the list: drawing all 446 while the first
 * results showed blocked a slow phone for over 100 ms, for a list most visitors never open.
 */
export function topicsViewTemplate(o: TopicsViewOptions): unknown {
  if (o.topics.length === 0) return nothing;
  return guard([o.topics, o.lang, o.filter, o.open, o.t], () => topicsView(o));
}

function topicsView(o: TopicsViewOptions): TemplateResult {
  return html`<details class="topics" part="topics" ?open=${o.open} @toggle=${(e: Event) => o.onToggle((e.target as HTMLDetailsElement).open)}>
    <summary part="topics-summary">${o.t('topicsHeading')}</summary>
    <label class="visually-hidden" for="topics-filter">${o.t('topicsFilter')}</label>
    <input
      id="topics-filter"
      class="form__input topics__filter"
      part="topics-filter"
      type="search"
      autocomplete="off"
      placeholder=${o.t('topicsFilter')}
      .value=${o.filter}
      @input=${(e: Event) => o.onFilter((e.target as HTMLInputElement).value)}
    />
    ${o.open ? topicList(o) : nothing}
  </details>`;
}

function topicList(o: TopicsViewOptions): TemplateResult {
  const entries = topicEntries(o.topics, o.lang, o.filter);
  return html`<p class="visually-hidden" role="status">${o.t('topicsCount', { count: entries.length })}</p>
    ${
      entries.length === 0
        ? html`<p class="topics__none">${o.t('topicsNone')}</p>`
        : html`<ul class="topics__list">
          ${entries.map(
            (e) =>
              html`<li><button type="button" class="topics__topic" part="topic-link" data-topic=${e.id} @click=${() => o.onOpen(e.id)}><bdi>${e.name}</bdi></button></li>`,
          )}
        </ul>`
    }`;
}
