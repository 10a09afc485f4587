/**
 * @module
 * The topic index on its way to the search: loaded once the verses can be searched, never
 * before; the interface language's file first, joined by the file of a language the visitor
 * asks in (an Arabic question on an English page), and loaded again when the interface language
 * changes. Until the topics are in, and if they fail, the search works without them. The latest
 * load wins over an earlier one that arrives after it.
 */
import type { ReactiveControllerHost } from 'lit';
import type { TextTrackId } from '../../data/corpus/corpus-types.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import { topicFileLangs, TOPIC_LANGS, type TopicLang } from '../../data/topics/topic-types.js';
import { isAbortError } from '../api/abort-error.js';
import type { Run } from '../asking/latest-run.js';
import type { WidgetSearchEngine } from '../asking/search-engine-port.js';
import type { WidgetServices } from '../boot/widget-services.js';

const ARABIC_LETTER = /[\u0621-\u064A]/;
/** ٹ ڈ ڑ ں ھ ہ ے ک گ پ چ ژ ی: letters Urdu (and Persian) write and Arabic does not. */
const URDU_OR_PERSIAN_LETTER = /[\u0679\u0688\u0691\u06BA\u06BE\u06C1\u06D2\u06A9\u06AF\u067E\u0686\u0698\u06CC]/;

/** Where the topics come from and what they join, as the boot found it. */
export interface TopicSource {
  readonly load: NonNullable<WidgetServices['loadTopics']>;
  readonly dataBase: string;
  /** The vector index's manifest, when there is one: its topic vectors come with the topics. */
  readonly indexManifestUrl: string | null;
  readonly engine: WidgetSearchEngine;
  /** The boot's run: a new boot makes it stale and aborts what it still loads. */
  readonly run: Run;
}

/** Owned by the boot (whose run it follows); renders its host when topics arrive. */
export class TopicLoading {
  /** The topic index in use (null: none, still loading, or failed). */
  topics: TopicData | null = null;

  readonly #host: ReactiveControllerHost;
  #source: TopicSource | undefined;
  /** The interface language; undefined loads the whole index (every language). */
  #lang: string | undefined;
  /** Languages the visitor has asked in besides the interface language: their files join it. */
  #askedLangs: TopicLang[] = [];
  #loading: Promise<void> | undefined;
  /** Counts loads: only the latest one's topics are used. */
  #attempt = 0;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
  }

  /** A new boot: what the last one loaded is forgotten. */
  reset(lang: string | undefined): void {
    Object.assign(this, { topics: null });
    this.#source = undefined;
    this.#lang = lang;
    this.#askedLangs = [];
    this.#loading = undefined;
  }

  /** The verses can be searched: the topics start loading (when the engine takes them). */
  start(source: TopicSource): void {
    if (!source.engine.useTopics) return;
    this.#source = source;
    this.#load();
  }

  /** While the topic index loads, the promise of its arrival (settles either way); undefined once it is in or failed. */
  pending(): Promise<void> | undefined {
    return this.#loading;
  }

  /** The interface language changed (or settled after the start): its file replaces the old once it is here. */
  useLanguage(lang: string | undefined): void {
    if (this.#lang === lang) return;
    this.#lang = lang;
    if (this.#source) this.#load();
  }

  /**
   * A question is about to be searched. Written in Arabic on a page whose topic file has no Arabic
   * (an English page), the Arabic topic names join (`pending` settles when they have), so the
   * question meets its topic by their Arabic names too. Urdu letters mean an Urdu question: its
   * translation's loading brings the Urdu file (`askedIn`).
   */
  questionAsked(question: string): void {
    if (ARABIC_LETTER.test(question) && !URDU_OR_PERSIAN_LETTER.test(question)) this.askedIn('ar');
  }

  /**
   * A question came in a language the interface's topic file does not hold (a Bengali question
   * on an English site): that language's file is loaded and joins it; the promise settles when it
   * has (or failed). Undefined when there is nothing to load.
   */
  askedIn(track: TextTrackId | TopicLang): Promise<void> | undefined {
    const lang = TOPIC_LANGS.find((l) => l === track);
    const ui = TOPIC_LANGS.find((l) => l === this.#lang);
    if (!lang || ui === undefined || topicFileLangs(ui).includes(lang) || this.#askedLangs.includes(lang) || !this.#source) return undefined;
    this.#askedLangs = [...this.#askedLangs, lang];
    this.#load();
    return this.#loading;
  }

  #load(): void {
    const source = this.#source;
    if (!source) return;
    const { load, dataBase, indexManifestUrl, engine, run } = source;
    const lang = this.#lang;
    const asked = lang === undefined ? [] : this.#askedLangs.filter((l) => l !== lang);
    const attempt = ++this.#attempt;
    const latest = () => !run.stale() && attempt === this.#attempt;
    const loading: Promise<void> = Promise.all([
      load(dataBase, indexManifestUrl, run.signal, lang),
      ...asked.map((l) => load(dataBase, indexManifestUrl, run.signal, l).catch(() => null)),
    ])
      .then(async ([own, ...others]) => {
        if (!own || !latest()) return;
        const present = others.filter((o): o is TopicData => o !== null);
        const topics = present.length === 0 ? own : (await import('../../data/topics/topic-file-merge.js')).mergeTopicData(own, present);
        if (!latest()) return;
        await engine.useTopics!(topics);
        if (run.stale()) return;
        this.topics = topics;
        this.#host.requestUpdate();
      })
      .catch((e: unknown) => {
        if (!isAbortError(e)) console.warn(`quran-dai: topics not used: ${(e as Error).message}`);
      })
      .finally(() => {
        if (this.#loading === loading) this.#loading = undefined;
      });
    this.#loading = loading;
  }
}
