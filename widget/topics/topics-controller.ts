/**
 * @module
 * The Topics view's state: its module, loaded once the topic index is (never in the first
 * load), what the visitor typed to filter the list, and opening a topic: its verses, central
 * first, shown without a search or an answer.
 */
import type { CSSResult, ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import { nothing } from 'lit';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import type { Translate } from '../i18n/ui-language.js';

type TopicsViewModule = typeof import('./topics-view.js');

export interface TopicsControllerOptions {
  readonly topics: () => TopicData | null;
  readonly corpus: () => Corpus | undefined;
  readonly lang: () => string;
  readonly t: () => Translate;
  /** Adopts the view's styles, which arrive with it. */
  readonly adoptStyles: (sheet: CSSResult) => void;
  /** Shows an opened topic's verses under its name. */
  readonly show: (title: string, result: SearchResult) => void;
}

export class TopicsController implements ReactiveController {
  #view: TopicsViewModule | undefined;
  #loading = false;
  #filter = '';
  readonly #host: ReactiveControllerHost;
  readonly #o: TopicsControllerOptions;

  constructor(host: ReactiveControllerHost, options: TopicsControllerOptions) {
    this.#host = host;
    this.#o = options;
    host.addController(this);
  }

  hostUpdate(): void {
    if (!this.#o.topics() || this.#loading) return;
    this.#loading = true;
    void import('./topics-view.js').then((view) => {
      this.#view = view;
      this.#o.adoptStyles(view.topicsViewStyles);
      this.#host.requestUpdate();
    });
  }

  /** Opening a topic by its name needs the view's module; without it the name is plain text. */
  get canOpen(): boolean {
    return this.#view !== undefined;
  }

  /** Opens a topic (from the list, or the matched topic's name): its verses, without searching or an answer. */
  open(id: string): void {
    const corpus = this.#o.corpus();
    const topic = this.#o.topics()?.file.topics.find((x) => x.id === id);
    if (!corpus || !topic || !this.#view) return;
    const result = this.#view.topicResult(corpus, topic, this.#o.lang(), { topContext: 3, radius: 5 });
    this.#o.show(result.query, result);
  }

  template(): TemplateResult | typeof nothing {
    const topics = this.#o.topics();
    if (!topics || !this.#view) return nothing;
    return this.#view.topicsViewTemplate({
      topics: topics.file.topics,
      lang: this.#o.lang(),
      filter: this.#filter,
      t: this.#o.t(),
      onFilter: (filter) => {
        this.#filter = filter;
        this.#host.requestUpdate();
      },
      onOpen: (id) => this.open(id),
    });
  }
}
