/**
 * The visitor's earlier questions and answers: loaded from the conversation store when the
 * element connects, saved as each answer finishes, cleared on request. Each earlier answer
 * is parsed and citation-checked once, against the verses it was given, and then kept.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { tryParseReference } from '../../data/corpus/reference-parser.js';
import { refsInRange } from '../../data/corpus/verse-range.js';
import type { AnswerViewModule } from '../answer/answer-module-loader.js';
import type { AnswerView } from '../answer/answer-view.js';
import type { SiteCitationView, SiteKnowledge } from '../site/site-knowledge.js';
import type { Translate } from '../i18n/ui-language.js';
import type { ConversationExchange, ConversationStore } from './conversation-store.js';

/** What a rendered answer depends on besides its text and verses. */
export interface AnswerViewInputs {
  readonly corpus: Corpus | undefined;
  readonly module: AnswerViewModule | undefined;
  readonly translation: TextTrackId;
  readonly t: Translate;
  /** The mosque's documents, when the site has them; earlier answers' `[site:N]` are checked against the passages each was given. */
  readonly site: SiteKnowledge | null;
  readonly siteBase: string | undefined;
}

export function sameAnswerViewInputs(a: AnswerViewInputs, b: AnswerViewInputs): boolean {
  return a.corpus === b.corpus && a.module === b.module && a.translation === b.translation && a.t === b.t && a.site === b.site && a.siteBase === b.siteBase;
}

export interface HistoryCallbacks {
  /** Opens the visitor's store; undefined while the element cannot (it reports that itself). */
  readonly openStore: () => Promise<ConversationStore> | undefined;
  /** Stored exchanges arrived and some have answers: the answer renderer is needed. */
  readonly onAnswersLoaded: () => void;
}

export class HistoryController implements ReactiveController {
  /** Earlier exchanges, oldest first, shown above the question field. */
  items: readonly ConversationExchange[] = [];
  /** The finished exchange of the question on screen; joins `items` when the next question is asked. */
  current: ConversationExchange | undefined;

  #store: Promise<ConversationStore> | undefined;
  /**
   * Each earlier answer checked and rendered once per corpus, renderer, translation and
   * language: typing a question renders once per keystroke, and up to 50 earlier answers
   * would each be parsed again.
   */
  readonly #views = new WeakMap<ConversationExchange, { readonly inputs: AnswerViewInputs; readonly view: AnswerView }>();

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly callbacks: HistoryCallbacks,
  ) {
    host.addController(this);
  }

  hostConnected(): void {
    this.load();
  }

  /** True when there is nothing to show or clear. */
  get empty(): boolean {
    return this.items.length === 0 && !this.current;
  }

  /** Reads the stored exchanges, unless the visitor has already asked something on this page. */
  load(): void {
    void this.#open()
      ?.then((s) => s.list())
      .then((items) => {
        if (this.empty) {
          this.items = items;
          this.host.requestUpdate();
        }
        if (items.some((x) => x.answer)) this.callbacks.onAnswersLoaded();
      })
      .catch(() => undefined);
  }

  /** Shows `exchange` as the current one and saves it; a failed save is logged, the page keeps it. */
  keep(exchange: ConversationExchange): void {
    this.current = exchange;
    this.host.requestUpdate();
    void this.#open()
      ?.then((s) => s.append(exchange))
      .catch((e: Error) => console.warn(`quran-dai: conversation not saved (${e.message})`));
  }

  /** A new question is asked: the current exchange becomes history. */
  archiveCurrent(): void {
    if (!this.current) return;
    this.items = [...this.items, this.current];
    this.current = undefined;
    this.host.requestUpdate();
  }

  /** Forgets everything, on the page and in the store. */
  async clear(): Promise<void> {
    this.items = [];
    this.current = undefined;
    this.host.requestUpdate();
    await (await this.#open())?.clear().catch(() => undefined);
  }

  /** An earlier answer, checked and rendered on first need and then kept; undefined until the renderer and corpus are there. */
  viewOf(x: ConversationExchange, inputs: AnswerViewInputs): AnswerView | undefined {
    const { corpus, module } = inputs;
    if (!x.answer || !corpus || !module) return undefined;
    const kept = this.#views.get(x);
    if (kept && sameAnswerViewInputs(kept.inputs, inputs)) return kept.view;
    const site = siteCitationsOf(x, inputs.site, inputs.siteBase);
    const view = module.answerView(x.answer, {
      corpus,
      retrieved: retrievedFromExchange(x, corpus),
      translation: inputs.translation,
      t: inputs.t,
      ...(site ? { site } : {}),
    });
    this.#views.set(x, { inputs, view });
    return view;
  }

  #open(): Promise<ConversationStore> | undefined {
    this.#store ??= this.callbacks.openStore();
    return this.#store;
  }
}

/**
 * The mosque's passages an earlier answer was given, to check its `[site:N]` against. None when
 * the documents were rebuilt since (or the answer predates this record): the same numbers may
 * now name other passages, so such a citation is flagged and not linked.
 */
function siteCitationsOf(x: ConversationExchange, site: SiteKnowledge | null, baseUrl: string | undefined): SiteCitationView | undefined {
  if (!site || !x.site || x.site.version !== site.version) return undefined;
  return site.citations(new Set(x.site.chunks), baseUrl);
}

/** Verses an earlier answer was given (hits and context), rebuilt from the stored refs. */
export function retrievedFromExchange(x: ConversationExchange, corpus: Corpus): Set<number> {
  const set = new Set<number>();
  for (const text of [...x.refs, ...x.context]) {
    const range = tryParseReference(text, corpus);
    if (range) for (const ref of refsInRange(range)) set.add(corpus.indexOf(ref));
  }
  return set;
}
