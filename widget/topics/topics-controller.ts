/**
 * @module
 * The Topics view's state: its module, loaded once the topic index is (never in the first
 * load), whether the list is open, what the visitor typed to filter it, and opening a topic: its verses, central
 * first, shown without a search or an answer.
 */
import type { CSSResult, ReactiveController, ReactiveControllerHost } from 'lit';
import { nothing } from 'lit';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import type { Translate } from '../i18n/ui-language.js';
import { LazyView } from '../shell/lazy-view.js';

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
  readonly #view: LazyView<TopicsViewModule>;
  #filter = '';
  /** Whether the visitor opened the list (its topics are drawn only then). */
  #open = false;
  readonly #host: ReactiveControllerHost;
  readonly #o: TopicsControllerOptions;

  constructor(host: ReactiveControllerHost, options: TopicsControllerOptions) {
    this.#host = host;
    this.#o = options;
    // Loaded once the topic index is (never in the first load).
    this.#view = new LazyView(
      host,
      'Topics view',
      () => import('./topics-view.js'),
      () => this.#o.topics() !== null,
    );
    host.addController(this);
  }

  hostUpdate(): void {
    // Its styles come with it (adopting is done once).
    const view = this.#view.module;
    if (view) this.#o.adoptStyles(view.topicsViewStyles);
  }

  /** Opening a topic by its name needs the view's module; without it the name is plain text. */
  get canOpen(): boolean {
    return this.#view.module !== undefined;
  }

  /** Opens a topic (from the list, or the matched topic's name): its verses, without searching or an answer. */
  open(id: string): void {
    const corpus = this.#o.corpus();
    const topic = this.#o.topics()?.file.topics.find((x) => x.id === id);
    const view = this.#view.module;
    if (!corpus || !topic || !view) return;
    const result = view.topicResult(corpus, topic, this.#o.lang(), { topContext: 3, radius: 5 });
    this.#o.show(result.query, result);
  }

  template(): unknown {
    const topics = this.#o.topics();
    const view = this.#view.module;
    if (!topics || !view) return nothing;
    return view.topicsViewTemplate({
      topics: topics.file.topics,
      lang: this.#o.lang(),
      filter: this.#filter,
      open: this.#open,
      t: this.#o.t(),
      onFilter: (filter) => {
        this.#filter = filter;
        this.#host.requestUpdate();
      },
      onOpen: (id) => this.open(id),
      onToggle: (open) => {
        if (open === this.#open) return;
        this.#open = open;
        this.#host.requestUpdate();
      },
    });
  }
}
