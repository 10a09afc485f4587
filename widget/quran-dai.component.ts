import { LitElement, nothing, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { CHAT_LIMITS } from '../data/contracts/chat-request.js';
import type { TextTrackId } from '../data/corpus/corpus-types.js';
import { formatRange } from '../data/corpus/verse-range.js';
import { AnswerPresenter } from './answer/answer-presenter.js';
import { changedAttributeWarnings } from './attributes/attribute-warning.js';
import { OnceWarnings } from './attributes/once-warnings.js';
import { AskController, type AskEnvironment, type ExplainRequest } from './asking/ask-controller.js';
import { askEnvironment } from './asking/ask-environment.js';
import { QueuedQuestion } from './asking/queued-question.js';
import { RetryCountdown } from './asking/retry-countdown.js';
import { BootController, BootStatus } from './boot/boot-controller.js';
import { resolveServices, servicesIfComplete } from './boot/resolve-services.js';
import type { WidgetServices } from './boot/widget-services.js';
import { ContactController } from './contact/contact-controller.js';
import { emit } from './events/emit.js';
import { HistoryController } from './history/history-controller.js';
import { directionStyles } from './i18n/direction.styles.js';
import { LocalizeController } from './i18n/localize-controller.js';
import { scriptFontStyles } from './i18n/script-fonts.styles.js';
import { shownTrack } from './i18n/shown-track.js';
import type { Translate, UiLang } from './i18n/ui-language.js';
import { quranDaiStyles } from './quran-dai.styles.js';
import { CopiedMarker } from './share/copied-marker.js';
import { takeSharedQuestion } from './share/shared-question-link.js';
import { FloatingPanel } from './shell/floating-panel.js';
import { floatingPanelStyles } from './shell/floating-panel.styles.js';
import { LazyStyles } from './shell/lazy-styles.js';
import { LazyView } from './shell/lazy-view.js';
import { focusVisible, keepFocusInside } from './shell/focus.js';
import { mainTemplate } from './shell/main-view.js';
import { shellTemplate } from './shell/shell-view.js';
import { SiteSectionController } from './site/site-section-controller.js';
import { TopicsController } from './topics/topics-controller.js';
import { VerseActions } from './verses/verse-actions.js';
import { registerQuranFont } from './verses/quran-font.js';

export type QuranDaiMode = 'chat' | 'search';
export type QuranDaiTheme = 'light' | 'dark' | 'auto';
export type QuranDaiLayout = 'inline' | 'floating';

// Its styling API (over a hundred `::part`s and the `--quran-dai-*` custom properties) is
// documented in quran-dai.styling.json; custom-elements-manifest.config.mjs adds it to the manifest.
/**
 * Ask the Quran: finds relevant verses in the visitor's browser, shows them in Arabic with a
 * translation and quran.com links, and streams a short answer grounded in those verses.
 *
 * @summary A drop-in Quran question box: client-side verse search, verified citations, streamed answer.
 * @since 0.1
 *
 * @event {QuranDaiReadyDetail} quran-dai-ready - The data is loaded and searchable.
 * @event {QuranDaiSearchDetail} quran-dai-search - The verse list changed (keyword results, then fused results).
 * @event {QuranDaiAnswerDetail} quran-dai-answer - A streamed answer finished, with each citation's check.
 * @event {QuranDaiErrorDetail} quran-dai-error - Something failed; the verses stay on screen.
 * @event {QuranDaiExplainDetail} quran-dai-explain - The visitor asked the Da'i to explain a verse from its passage.
 * @event {QuranDaiShareDetail} quran-dai-share - The visitor shared an answer or a verse (share sheet or copy).
 * @event {QuranDaiPlayDetail} quran-dai-play - A verse's recitation started playing.
 * @event {QuranDaiFeedbackDetail} quran-dai-feedback - The visitor rated an answer 👍 or 👎 (and again when they add a comment).
 *
 * @slot - Nothing is slotted; the widget renders everything itself.
 */
export class QuranDaiElement extends LitElement {
  static override styles = [quranDaiStyles, floatingPanelStyles, scriptFontStyles, directionStyles];

  /** Real collaborators, set by the entry module (`quran-dai.ts`); the class itself imports none. */
  static defaultServices: WidgetServices | undefined;

  /** Base URL of the quran-dai proxy, e.g. `https://quran-proxy.example.org`. Required. */
  @property() proxy = '';

  /** Base URL of the data files; default `{proxy}/data`. */
  @property({ attribute: 'data-base' }) dataBase: string | undefined;

  /**
   * Interface language: en, ar, ur, id, tr, fr, bn, es, ru, sv or zh (a region such as `ur-PK` is fine; ar and ur
   * lay the widget out right to left). Unset: the nearest `lang` above the widget, up to `<html lang>`; else English.
   */
  @property() override lang = '';

  /** Translation shown under the Arabic: en, fr, id, tr, ur, bn, es, ru, sv, zh or translit. Unset: the interface language's (English for ar). */
  @property() translation: TextTrackId | undefined;

  /** Replacements for interface strings, e.g. `{"submit": "Send"}` (a JSON attribute or an object); unknown keys are ignored with one warning. */
  // Not Lit's `type: Object`: its converter turns JSON with a typo into null without a word, and
  // the site owner would never learn why their strings were ignored. The checks (loaded only on
  // pages that set `strings` or `starters`) parse it and say what is wrong.
  @property() strings: Record<string, unknown> | string | undefined;

  /** The site owner's starter questions, e.g. `["What is patience?"]` (a JSON attribute or an array); default: four per language. */
  @property() starters: readonly string[] | string | undefined;

  /** `chat` streams a written answer after the verses (when the proxy has an LLM); `search` shows verses only. */
  @property() mode: QuranDaiMode = 'chat';

  /** Colour scheme: `light`, `dark`, or `auto` (follows the visitor's system setting). */
  @property({ reflect: true }) theme: QuranDaiTheme = 'light';

  /** `inline` renders in place; `floating` shows a launcher button that opens a panel. */
  @property({ reflect: true }) layout: QuranDaiLayout = 'inline';

  /** Placeholder of the question field; default is a localised "Ask a question about Islam…". */
  @property() placeholder: string | undefined;

  /**
   * Recitation per verse: a URL template with `{surah}`, `{ayah}`, `{SSS}` and `{AAA}` (zero-padded), e.g.
   * `https://everyayah.com/data/Alafasy_128kbps/{SSS}{AAA}.mp3`. Unset (or refused, with a console warning): no play buttons.
   */
  @property({ attribute: 'audio-base' }) audioBase: string | undefined;

  /**
   * A way to reach a person, e.g. `mailto:imam@mosque.example` or your contact page: shown under every answer, and put
   * forward when the verses do not cover the question or it asks for a ruling. Only https:, mailto:, tel: or a path on
   * your site; anything else is refused with a console warning.
   */
  @property({ attribute: 'contact-href' }) contactHref: string | undefined;

  /** The contact link's text; default a localised "Ask our imam". */
  @property({ attribute: 'contact-label' }) contactLabel: string | undefined;

  /**
   * `off`: this widget ignores a shared question in the page URL (`?quran-dai-q=`). Of the widgets on a page that have
   * not set `off`, the first in the page fills it into its box, once; it is asked when the visitor presses Ask.
   */
  @property({ attribute: 'shared-question' }) sharedQuestion: 'on' | 'off' = 'on';

  /**
   * Where the mosque publishes its own documents, e.g. `https://mosque.example.org/info`: each
   * "From this mosque" result links to `<base>/<document>#<heading>`. Default: the proxy's SITE_BASE_URL; none = no links.
   */
  @property({ attribute: 'site-base-url' }) siteBaseUrl: string | undefined;

  /** Replace some collaborators (fetch, data loader, search engine, history store): for tests and advanced hosts. */
  @property({ attribute: false }) services: Partial<WidgetServices> | undefined;

  @state() private question = '';
  /** A shared question fills the box and waits for the visitor to press Ask. */
  @state() private sharedPending = false;

  // ---- the interface language and the translation shown ----
  private readonly localize = new LocalizeController(this);
  private uiLang: UiLang = 'en';
  private t: Translate = this.localize.t;
  private track: TextTrackId = 'en';
  /** Set when the shown translation changed after the data was loaded, so it is switched once rendered. */
  private trackChanged = false;

  // ---- controllers: each owns its state; the views below only render it ----
  private readonly warnings = new OnceWarnings();
  private readonly styles = new LazyStyles(() => this.shadowRoot, (this.constructor as typeof LitElement).elementStyles);
  private readonly copied = new CopiedMarker(this);
  private readonly panel = new FloatingPanel(this, { floating: () => this.layout === 'floating', input: () => this.find('#question') });
  private readonly contact = new ContactController(this, (w) => this.warnings.warn(w));
  /** A question asked while the Quran text loads, asked once it is ready. */
  private readonly queued = new QueuedQuestion();
  /** The wait a 429 asked for; answers are not asked for until it reaches 0 (searching goes on). */
  private readonly rateLimitWait = new RetryCountdown(this);

  private readonly boot = new BootController(this, {
    onReady: (detail) => {
      emit(this, 'quran-dai-ready', detail);
      // The visitor's own question, typed while the text loaded, comes before a shared link's.
      if (!this.queued.release()) void this.fillSharedQuestion();
    },
    onError: (detail) => {
      if (this.boot.status === BootStatus.Failed) this.queued.drop();
      emit(this, 'quran-dai-error', detail);
    },
    warn: (w) => this.warnings.warn(w),
    // A Quranic font from the proxy or its CDN: without one, phones show boxes for the Uthmani marks.
    onFontBase: (fontBase) => void registerQuranFont(fontBase),
  });

  private readonly asking = new AskController(this, {
    onSearch: (detail) => emit(this, 'quran-dai-search', detail),
    onError: (detail) => {
      if (detail.code === 'rate-limited') this.rateLimitWait.follow(detail.retryAfterSeconds);
      emit(this, 'quran-dai-error', detail);
    },
    onExchange: (exchange) => this.history.keep(exchange),
    onAnswer: (question, text) => void this.answer.announce(question, text),
  });

  private readonly answer = new AnswerPresenter(this, {
    inputs: () => {
      const corpus = this.boot.corpus;
      return { corpus, translation: corpus?.hasTrack(this.track) ? this.track : 'en', t: this.t, site: this.boot.site, siteBase: this.site.linkBase };
    },
    asking: () => this.asking,
    copied: this.copied,
    feedbackSink: () => ({ proxy: this.proxy, fetch: this.allServices().fetch, collect: this.boot.config?.feedback === true, lang: this.uiLang }),
    pageUrl: () => location.href,
    adoptStyles: (sheet) => this.styles.adopt(sheet),
  });

  private readonly history = new HistoryController(this, {
    openStore: () => servicesIfComplete((this.constructor as typeof QuranDaiElement).defaultServices, this.services)?.openConversationStore(),
    onAnswersLoaded: () => void this.answer.load(),
  });

  private readonly verses = new VerseActions(this, {
    corpus: () => this.boot.corpus,
    track: () => this.track,
    t: () => this.t,
    lang: () => this.uiLang,
    copied: this.copied,
    createAudio: () => this.allServices().createAudio?.() ?? new Audio(),
    warn: (w) => this.warnings.warn(w),
  });

  /** The verse list and cards, loaded once the widget is ready (a question waits for them). */
  private readonly verseList = new LazyView(
    this,
    'verse list',
    () => import('./verses/verse-list-view.js'),
    () => this.boot.status === BootStatus.Ready,
  );

  private readonly site = new SiteSectionController(this, {
    site: () => this.boot.site,
    attribute: () => this.siteBaseUrl,
    proxyBase: () => this.boot.config?.site?.baseUrl,
    adoptStyles: (sheet) => this.styles.adopt(sheet),
    warn: (w) => this.warnings.warn(w),
  });

  private readonly topics = new TopicsController(this, {
    topics: () => this.boot.topics,
    corpus: () => this.boot.corpus,
    lang: () => this.uiLang,
    t: () => this.t,
    adoptStyles: (sheet) => this.styles.adopt(sheet),
    show: (title, result) => {
      const env = this.environment();
      if (!env) return;
      this.asking.showFound(title, result, env);
      void this.updateComplete.then(() => focusVisible(this.find('#verses-heading')));
    },
  });

  // ---- lifecycle ----

  override connectedCallback(): void {
    super.connectedCallback();
    // Moved in the DOM while loading: the disconnect aborted the load, so start again.
    if (this.hasUpdated && this.boot.status === BootStatus.Idle) this.start();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.localize.refresh()) {
      this.boot.useLanguage((this.uiLang = this.localize.lang));
      this.t = this.localize.t;
    }
    const track = shownTrack(this.translation, this.uiLang);
    if (track !== this.track) {
      this.track = track;
      this.trackChanged = true;
    }
    for (const warning of changedAttributeWarnings(changed, this)) this.warnings.warn(warning);
    if (changed.has('audioBase')) void this.verses.applyAudioBase(this.audioBase);
    if (changed.has('contactHref')) void this.contact.apply(this.contactHref);
  }

  protected override updated(changed: PropertyValues<this>): void {
    if ((changed.has('proxy') || changed.has('dataBase')) && this.isConnected) this.start();
    else if (this.trackChanged && this.boot.status === BootStatus.Ready) void this.boot.switchTranslation(this.track);
    this.trackChanged = false;
  }

  /** Also waits for the interface language's table, so tests and hosts see the widget in its language. */
  protected override getUpdateComplete(): Promise<boolean> {
    return this.localize.updateSettled(() => super.getUpdateComplete());
  }

  private start(): void {
    this.boot.start({ proxy: this.proxy, dataBase: this.dataBase, translation: this.track, services: () => this.allServices(), lang: this.uiLang });
  }

  /** The entry module's services with `.services` over them; throws, saying what to do, when one is missing. */
  private allServices(): WidgetServices {
    return resolveServices((this.constructor as typeof QuranDaiElement).defaultServices, this.services);
  }

  // ---- asking ----

  /** Ask a question programmatically (same as typing it and pressing Ask). */
  async ask(question: string): Promise<void> {
    return this.askWith(question);
  }

  /**
   * Ask the Da'i to explain verse `ref` (`S:A`) from its passage (the same surah, ±5 verses),
   * as a card's Explain button does. Without written answers the passage is shown with its
   * tafsir link on quran.com.
   */
  async explain(ref: string): Promise<void> {
    const corpus = this.boot.corpus;
    const request = corpus ? (await import('./asking/explain-result.js')).explainRequest(ref, corpus, this.asking.result) : undefined;
    if (!request) return;
    emit(this, 'quran-dai-explain', { ref: request.ref, passage: formatRange(request.result.passages[0]!.range) });
    await this.askWith(this.t('explainQuestion', { ref: request.ref }), request);
  }

  /** Stop the running search or answer; what is shown stays. */
  stop(): void {
    this.asking.stop();
  }

  private async askWith(question: string, explain?: ExplainRequest): Promise<void> {
    const text = question.trim().slice(0, CHAT_LIMITS.maxQuestionChars);
    // During a rate-limit wait the verses are still searched; only the answer waits.
    if (!text) return;
    if (!explain && this.textLoading) {
      this.question = text;
      const held = this.queued.hold(text);
      this.requestUpdate();
      if (await held) await this.askWith(text);
      return;
    }
    this.history.archiveCurrent();
    const env = this.environment();
    if (!env) return;
    await this.verseList.load();
    if (!explain) this.question = text;
    // An explained verse opens on its passage.
    this.verses.startResults(explain ? [explain.ref] : []);
    this.answer.reset();
    if (env.wantsAnswer && env.chatAvailable) void this.answer.load();
    const done = this.asking.ask(text, env, explain);
    await this.updateComplete;
    this.keepFocus(this.find('.form__stop'));
    await done;
    if (this.asking.answer) await this.answer.load();
    await this.updateComplete;
    this.keepFocus(this.find('#answer-heading'));
  }

  /** The Quran text is on its way: a question now is kept and asked when it arrives. */
  private get textLoading(): boolean {
    return !!this.proxy && (this.boot.status === BootStatus.Loading || this.boot.status === BootStatus.Idle);
  }

  private environment(): AskEnvironment | undefined {
    return askEnvironment(this.boot, {
      proxy: this.proxy,
      wantsAnswer: this.mode !== 'search',
      rateLimitWait: this.rateLimitWait,
      lang: this.uiLang,
      translation: this.track,
      fetch: this.allServices().fetch,
      history: this.history.items,
    });
  }

  /** A shared link's question fills the box (opening the panel) and waits for the visitor to press Ask. */
  private async fillSharedQuestion(): Promise<void> {
    const question = await takeSharedQuestion(this);
    if (!question) return;
    if (this.layout === 'floating') this.panel.show();
    this.question = question;
    this.sharedPending = true;
    await this.updateComplete;
    this.find('#question')?.focus();
  }

  private retry(): void {
    const env = this.rateLimitWait.waiting ? undefined : this.environment();
    if (env) void this.asking.retry(env);
  }

  private async clearHistory(): Promise<void> {
    const cleared = this.history.clear();
    this.asking.reset();
    this.question = '';
    await cleared;
    await this.updateComplete;
    focusVisible(this.find('#question'));
  }

  // ---- focus ----

  private find(selector: string): HTMLElement | null {
    return this.renderRoot.querySelector(selector);
  }

  /** When the focused control disappeared (buttons swap during an ask), focus `preferred`, else the verses, else the question. */
  private keepFocus(preferred: HTMLElement | null): void {
    keepFocusInside(this, [preferred, this.find('#verses-heading'), this.find('#question')]);
  }

  // ---- rendering: the views, in the order the visitor meets them ----

  protected override render(): TemplateResult | typeof nothing {
    // Nothing until the interface language's table is in (one small request), not a flash of English.
    if (!this.localize.ready) return nothing;
    return shellTemplate({
      floating: this.layout === 'floating',
      dir: this.localize.dir,
      lang: this.uiLang,
      t: this.t,
      main: this.mainTemplate(),
      panel: this.panel,
    });
  }

  private mainTemplate(): TemplateResult {
    const { asking } = this;
    return mainTemplate({
      t: this.t,
      lang: this.uiLang,
      track: this.track,
      configured: !!this.proxy,
      boot: this.boot,
      asking,
      answer: this.answer,
      history: this.history,
      verseList: this.verseList.module,
      verses: this.verses,
      site: this.site,
      topics: this.topics,
      contact: this.contact,
      copied: this.copied,
      rateLimitWait: this.rateLimitWait,
      starters: this.localize.starters,
      form: {
        question: this.question,
        placeholder: this.placeholder,
        canAsk: this.boot.status === BootStatus.Ready || this.textLoading,
        queued: this.queued.text !== undefined,
        sharedPending: this.sharedPending,
        contactLabel: this.contactLabel,
      },
      on: {
        input: (q) => (this.question = q),
        submit: () => {
          this.sharedPending = false;
          if (!asking.busy) void this.ask(this.question);
        },
        stop: () => this.stop(),
        starter: (q) => {
          this.question = q;
          void this.ask(q);
        },
        retry: () => this.retry(),
        clearHistory: () => void this.clearHistory(),
        explain: (ref) => void this.explain(ref),
      },
    });
  }
}
