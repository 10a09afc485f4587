/**
 * Boots the widget: `GET {proxy}/api/config`, then the corpus (and vector index) through the
 * data loader with progress, then the search engine. A failed config request still boots
 * keyword search from the data files; only missing data is fatal.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { WidgetConfig } from '../../data/contracts/widget-config.js';
import type { ExplanationLang, TextTrackId } from '../../data/corpus/corpus-types.js';
import type { LocalModelProgress } from '../../data/embed/local-embedder-progress.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { fetchWidgetConfig } from '../api/fetch-widget-config.js';
import { isAbortError } from '../api/abort-error.js';
import { proxyAddressHint } from '../api/proxy-address-hint.js';
import { proxyUrl } from '../api/proxy-fetch.js';
import type { QueryEmbedder, WidgetSearchEngine } from '../asking/search-engine-port.js';
import type { SiteKnowledge } from '../site/site-knowledge.js';
import type { QuranDaiErrorDetail } from '../events/quran-dai-error.js';
import type { QuranDaiReadyDetail } from '../events/quran-dai-ready.js';
import type { WidgetServices } from './widget-services.js';
import type { DataLoadProgress } from '../data-cache/data-load-progress.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import { arrivalWithin } from '../asking/arrival-within.js';
import { LatestRun } from '../asking/latest-run.js';
import { TopicLoading } from '../topics/topic-loading.js';
import { wantedExplanationLang } from '../verses/explanation-language.js';

/** How long, after its translation, a question in another language waits for that language's topic file (the search then waits for it again, as for any topics). */
const ASKED_LANGUAGE_TOPICS_WAIT_MS = 3000;

export const BootStatus = {
  Idle: 'idle',
  Loading: 'loading',
  Ready: 'ready',
  Failed: 'failed',
} as const;
export type BootStatus = (typeof BootStatus)[keyof typeof BootStatus];

export interface BootOptions {
  readonly proxy: string;
  /** Data folder URL; undefined: the config's `dataBase` (a CDN), else the proxy's `/data`. */
  readonly dataBase: string | undefined;
  readonly translation: TextTrackId;
  readonly services: WidgetServices;
  /** The visitor's interface language: the topic file of that language is downloaded. */
  readonly lang?: string;
}

export interface BootCallbacks {
  onReady(detail: QuranDaiReadyDetail): void;
  /** Also why it could not start (`not-configured`); a failure that a proxy address without https:// may explain says so. */
  onError(detail: QuranDaiErrorDetail): void;
  /** A console warning for the site owner (the element writes each once). */
  warn?(warning: string): void;
  /** Where the Quranic font is: the config's `fontBase` (a CDN), else the proxy's `/fonts`. Called once per boot, after the config request. */
  onFontBase?(fontBase: string): void;
}

export class BootController implements ReactiveController {
  status: BootStatus = BootStatus.Idle;
  progress: DataLoadProgress | undefined;
  config: WidgetConfig | null = null;
  corpus: Corpus | undefined;
  engine: WidgetSearchEngine | undefined;
  embedQuery: QueryEmbedder | null = null;
  indexManifest: VectorIndexManifest | null = null;
  /** The mosque's own documents, once loaded (null: none, or still loading, or failed; the verses never wait for them). */
  site: SiteKnowledge | null = null;
  /** The topic index, once loaded after the first results (null: none, still loading, or failed). */
  get topics(): TopicData | null {
    return this.#topicLoading.topics;
  }
  /** First download of a local query model (browser embedding); undefined when there is none. */
  modelProgress: LocalModelProgress | undefined;

  readonly #host: ReactiveControllerHost;
  readonly #callbacks: BootCallbacks;
  readonly #runs = new LatestRun();
  readonly #topicLoading: TopicLoading;
  #options: BootOptions | undefined;
  #siteLoading: Promise<void> | undefined;
  /** Verse explanations loading or loaded for this boot's corpus. */
  #explanationsAsked = new Set<ExplanationLang>();

  constructor(host: ReactiveControllerHost, callbacks: BootCallbacks) {
    this.#host = host;
    this.#topicLoading = new TopicLoading(host);
    this.#callbacks = callbacks;
    host.addController(this);
  }

  hostDisconnected(): void {
    this.#runs.cancel();
    if (this.status === BootStatus.Loading) this.status = BootStatus.Idle;
  }

  get chatAvailable(): boolean {
    return this.config?.chat === true;
  }

  /** Why answers are off: the proxy refused this page's origin, or it has no LLM at all. */
  get chatOffReason(): 'chat-off' | 'chat-not-configured' {
    return this.config && this.config.originAllowed !== false ? 'chat-not-configured' : 'chat-off';
  }

  /** Starts (or starts again) with the element's settings; a missing proxy or service is reported, not thrown. */
  start(s: {
    readonly proxy: string;
    readonly dataBase: string | undefined;
    readonly translation: TextTrackId;
    readonly services: () => WidgetServices;
    readonly lang?: string;
  }): void {
    if (!s.proxy) return this.#callbacks.onError({ code: 'not-configured', message: 'quran-dai: set the proxy attribute to the URL of your quran-dai proxy' });
    const hint = proxyAddressHint(s.proxy);
    if (hint) (this.#callbacks.warn ?? console.warn)(`quran-dai: ${hint}`);
    let services: WidgetServices;
    try {
      services = s.services();
    } catch (e) {
      return this.#callbacks.onError({ code: 'not-configured', message: (e as Error).message });
    }
    void this.boot({ proxy: s.proxy, dataBase: s.dataBase || undefined, translation: s.translation, services, ...(s.lang ? { lang: s.lang } : {}) });
  }

  /** A proxy address without https:// is the likelier cause than the network or the data. */
  #fail(detail: QuranDaiErrorDetail): void {
    const hint = this.#options ? proxyAddressHint(this.#options.proxy) : undefined;
    this.#callbacks.onError(hint ? { ...detail, message: `${detail.message} (${hint})` } : detail);
  }

  async boot(options: BootOptions): Promise<void> {
    const { signal, stale } = this.#runs.start();
    this.#options = options;
    this.engine?.dispose?.();
    Object.assign(this, {
      status: BootStatus.Loading,
      progress: undefined,
      modelProgress: undefined,
      config: null,
      corpus: undefined,
      engine: undefined,
      embedQuery: null,
      indexManifest: null,
      site: null,
    });
    this.#topicLoading.reset(options.lang);
    this.#siteLoading = undefined;
    this.#explanationsAsked = new Set();
    this.#host.requestUpdate();
    const { proxy, services } = options;

    try {
      this.config = await fetchWidgetConfig(proxy, services.fetch, signal);
    } catch (e) {
      if (stale() || isAbortError(e)) return;
      this.#fail({ code: 'config-failed', message: `${(e as Error).message}; searching by keyword only` });
    }
    if (stale()) return;
    if (this.config?.originAllowed === false) warnOriginNotAllowed();
    this.#callbacks.onFontBase?.(this.config?.fontBase ?? proxyUrl(proxy, 'fonts'));
    const dataBase = options.dataBase ?? this.config?.dataBase ?? proxyUrl(proxy, 'data');
    // The options as they are now: the interface language may have settled meanwhile (useLanguage).
    this.#options = { ...(this.#options ?? options), dataBase };
    // Now, not once the data code is here: the config has said where the data is (a site that
    // serves it from elsewhere gets no request for it at the proxy).
    services.requestDataEarly?.(dataBase);

    const siteConfig = this.config?.site;
    if (siteConfig) {
      // Beside the corpus, never before it: a failure only means no "From this mosque" section
      // (the loader says why on the console).
      const loading: Promise<void> = services
        .loadSiteKnowledge(proxyUrl(proxy, siteConfig.manifest), siteConfig.version, signal)
        .then(
          (site) => {
            if (stale() || !site) return;
            this.site = site;
            this.#host.requestUpdate();
          },
          () => undefined,
        )
        .finally(() => {
          if (this.#siteLoading === loading) this.#siteLoading = undefined;
        });
      this.#siteLoading = loading;
    }
    const index = this.config?.index ? { id: this.config.index.id, manifestUrl: proxyUrl(proxy, this.config.index.manifest) } : null;
    try {
      const data = await services.loadQuranData({
        dataBase,
        tracks: [options.translation],
        index,
        signal: signal,
        onProgress: (p) => {
          if (stale()) return;
          this.progress = p;
          this.#host.requestUpdate();
        },
      });
      if (stale()) return;
      this.corpus = data.corpus;
      this.indexManifest = data.indexManifest;
      this.engine = services.createSearchEngine(data.corpus, data.vectorSearch, data.indexManifest);
      this.embedQuery = this.#queryEmbedder(options, data.indexManifest, data.vectorSearch !== null);
      this.status = BootStatus.Ready;
      this.#host.requestUpdate();
      if (services.loadTopics) {
        const indexManifestUrl = data.indexManifest !== null ? (index?.manifestUrl ?? null) : null;
        this.#topicLoading.start({ load: services.loadTopics, dataBase, indexManifestUrl, engine: this.engine, run: { signal, stale } });
      }
      this.#callbacks.onReady({
        corpusVersion: data.corpus.version,
        fromCache: data.fromCache,
        indexId: this.embedQuery ? (data.indexManifest?.id ?? null) : null,
        chat: this.chatAvailable,
      });
    } catch (e) {
      if (stale() || isAbortError(e)) return;
      this.status = BootStatus.Failed;
      this.#host.requestUpdate();
      this.#fail({ code: 'data-failed', message: (e as Error).message ?? String(e) });
    }
  }

  /** While the mosque's documents load, the promise of their arrival (settles either way); undefined once they are in or failed. */
  sitePending(): Promise<void> | undefined {
    return this.#siteLoading;
  }

  /** While the topic index loads, the promise of its arrival (settles either way); undefined once it is in or failed. */
  topicsPending(): Promise<void> | undefined {
    return this.#topicLoading.pending();
  }

  /**
   * The visitor's interface language changed (or settled after the start): the topic file is the
   * language's own, so the new language's is loaded and replaces the old once it is here.
   */
  useLanguage(lang: string): void {
    if (!this.#options || this.#options.lang === lang) return;
    this.#options = { ...this.#options, lang };
    this.#topicLoading.useLanguage(lang);
  }

  /** A question is about to be searched: the topic names of its language join when the page's file lacks them (TopicLoading). */
  questionAsked(question: string): void {
    this.#topicLoading.questionAsked(question);
  }

  /**
   * A question has its first results: the verse explanation the visitor reads (or an Arabic
   * question searches with) is loaded now, once, in the background. The next searches use it and
   * the cards show it; a failure only means no explanation (said on the console).
   */
  explanationWanted(question: string, uiLang: string): void {
    const options = this.#options;
    const corpus = this.corpus;
    const load = options?.services.loadVerseExplanation;
    const lang = wantedExplanationLang(question, uiLang);
    if (!options || !corpus || !load || !lang || this.#explanationsAsked.has(lang) || !corpus.offersExplanation(lang)) return;
    this.#explanationsAsked.add(lang);
    const run = this.#runs.current;
    load({ dataBase: options.dataBase!, corpus, lang, ...(run ? { signal: run.signal } : {}) }).then(
      () => {
        if (!run?.stale()) this.#host.requestUpdate();
      },
      (e: unknown) => {
        this.#explanationsAsked.delete(lang);
        if (!isAbortError(e)) console.warn(`quran-dai: verse explanations not shown: ${(e as Error).message}`);
      },
    );
  }

  /** Load a translation a query must be searched in; throws when it cannot be loaded. */
  async loadTrack(track: TextTrackId, signal: AbortSignal): Promise<void> {
    const options = this.#options;
    const corpus = this.corpus;
    if (!options || !corpus) throw new Error('the widget is not ready yet');
    const topics = this.#topicLoading.askedIn(track);
    if (!corpus.hasTrack(track)) await options.services.loadTranslationTrack({ dataBase: options.dataBase!, corpus, track, signal });
    // The question is searched once its translation is here and, unless they take longer than
    // the topics are waited for anyway, its language's topic names (downloaded side by side).
    if (topics) await arrivalWithin(topics, ASKED_LANGUAGE_TOPICS_WAIT_MS);
  }

  /** Load a translation the visitor switched to (the engine reads the corpus's tracks lazily). */
  async switchTranslation(track: TextTrackId): Promise<void> {
    const options = this.#options;
    const corpus = this.corpus;
    if (!options || !corpus || this.status !== BootStatus.Ready || corpus.hasTrack(track)) return;
    const run = this.#runs.current;
    try {
      await options.services.loadTranslationTrack({ dataBase: options.dataBase!, corpus, track, signal: run?.signal });
      if (run?.stale()) return;
      this.#options = { ...(this.#options ?? options), translation: track };
      this.#host.requestUpdate();
    } catch (e) {
      if (run?.stale() || isAbortError(e)) return;
      this.#fail({ code: 'data-failed', message: `translation "${track}" could not be loaded: ${(e as Error).message}` });
    }
  }

  #queryEmbedder(options: BootOptions, manifest: VectorIndexManifest | null, hasVectors: boolean): QueryEmbedder | null {
    const index = this.config?.index;
    if (!index || !manifest || !hasVectors) return null;
    if (index.queryEmbedding === 'browser') {
      const embed = options.services.createBrowserQueryEmbedder(options.proxy, manifest, (p) => {
        // From an earlier boot (another index): not ours to show.
        if (this.indexManifest !== manifest) return;
        this.modelProgress = p;
        this.#host.requestUpdate();
      });
      return async (text, signal) => {
        try {
          return await embed(text, signal);
        } catch (e) {
          // A failed model load must not leave its bar behind (the next question tries again).
          if (this.indexManifest === manifest && this.modelProgress?.phase === 'loading') {
            this.modelProgress = undefined;
            this.#host.requestUpdate();
          }
          throw e;
        }
      };
    }
    const expected = { indexId: manifest.id, dims: manifest.dims };
    // Fetched now but not before the first paint: keyword results never wait for it.
    const fetching = import('../api/fetch-query-embedding.js');
    return async (text, signal) => (await fetching).fetchQueryEmbedding(options.proxy, text, expected, options.services.fetch, signal);
  }
}

/** Set on the page's global object once the site owner was told (every widget on the page shares it). */
export const ORIGIN_WARNED = Symbol.for('quran-dai:origin-not-allowed-warned');

/**
 * The proxy answers a page outside its ALLOWED_ORIGINS with keyword search only, which looks
 * like "no LLM key" to the visitor: the site owner is told the real cause, once per page.
 */
function warnOriginNotAllowed(): void {
  const page = globalThis as { [ORIGIN_WARNED]?: true };
  if (page[ORIGIN_WARNED]) return;
  page[ORIGIN_WARNED] = true;
  console.warn(
    `quran-dai: this page's origin (${globalThis.location?.origin}) is not in the proxy's ALLOWED_ORIGINS, so it gets keyword search only (no written answers, no meaning search); add it to ALLOWED_ORIGINS in the proxy's .env and restart the proxy`,
  );
}
