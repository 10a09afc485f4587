import { adoptStyles, html, LitElement, nothing, type CSSResult, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { live } from 'lit/directives/live.js';
import { CHAT_LIMITS } from '../data/contracts/chat-request.js';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY, type TextTrackId, type VerseRange } from '../data/corpus/corpus-types.js';
import type { Corpus } from '../data/corpus/corpus.js';
import { formatRef, refsInRange } from '../data/corpus/verse-range.js';
import { tryParseReference } from '../data/corpus/reference-parser.js';
import type { AnswerView } from './answer/answer-view.js';
import { proxyUrl } from './api/proxy-fetch.js';
import { registerQuranFont } from './verses/quran-font.js';
import { AskController, AskStatus, type AskEnvironment } from './asking/ask-controller.js';
import type { SiteKnowledge } from './site/site-knowledge.js';
import { RetryCountdown } from './asking/retry-countdown.js';
import { BootController, BootStatus } from './boot/boot-controller.js';
import type { WidgetServices } from './boot/widget-services.js';
import { emit } from './events/emit.js';
import type { QuranDaiErrorDetail } from './events/quran-dai-error.js';
import type { ConversationExchange, ConversationStore } from './history/conversation-store.js';
import { directionOf, resolveUiLang, starterQuestions, translator, type Translate, type UiLang } from './i18n/ui-language.js';
import { verseCardTemplate } from './verses/verse-card-template.js';
import { verseCopyText } from './verses/verse-copy-text.js';
import { quranDaiStyles } from './quran-dai.styles.js';

export type QuranDaiMode = 'chat' | 'search';
export type QuranDaiTheme = 'light' | 'dark' | 'auto';
export type QuranDaiLayout = 'inline' | 'floating';

const TRACKS: readonly string[] = [...TRANSLATION_LANGS, TRANSLITERATION_KEY];
const COPIED_MS = 2000;
/** Icons as inline SVG (a symbol or emoji glyph renders as a box on systems without the font); decorative only. */
const BOOK_ICON = html`<svg class="icon" part="launcher-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
  <path d="M12 6.5C9.5 4.8 6.2 4.5 3 5.2v13.3c3.2-.7 6.5-.4 9 1.3 2.5-1.7 5.8-2 9-1.3V5.2c-3.2-.7-6.5-.4-9 1.3zM12 6.5v13.3" />
</svg>`;
const CLOSE_ICON = html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" /></svg>`;

type AnswerViewModule = typeof import('./answer/answer-view.js');

/**
 * Ask the Quran: finds relevant verses in the visitor's browser, shows them in Arabic with a
 * translation and quran.com links, and streams a short answer grounded in those verses.
 *
 * @summary A drop-in Quran question box: client-side verse search, verified citations, streamed answer.
 * @since 0.1
 *
 * @event quran-dai-ready - The data is loaded and searchable. `detail: QuranDaiReadyDetail`.
 * @event quran-dai-search - The verse list changed (keyword results, then fused results). `detail: QuranDaiSearchDetail`.
 * @event quran-dai-answer - A streamed answer finished. `detail: QuranDaiAnswerDetail` with each citation's check.
 * @event quran-dai-error - Something failed; the verses stay on screen. `detail: QuranDaiErrorDetail` (`code`, `message`, `status?`, `retryAfterSeconds?`).
 *
 * @slot - Nothing is slotted; the widget renders everything itself.
 *
 * @csspart base - The wrapper; carries `dir` (rtl for Arabic) and `lang`.
 * @csspart main - The question, status, answer and verses column.
 * @csspart launcher - The floating launcher button (`layout="floating"`); `launcher-icon` is its SVG icon.
 * @csspart panel - The floating panel (`layout="floating"`).
 * @csspart close - The panel's close button.
 * @csspart progress - The progress bar: first data load, and the local search model's first download (`progress-region progress-model`).
 * @csspart form - The question form.
 * @csspart input - The question text field.
 * @csspart submit - The ask button.
 * @csspart stop - The stop button (while searching or answering).
 * @csspart retry - The try-again button after a failure or stop.
 * @csspart status - The polite live region with the current status.
 * @csspart notice - A short explanation (rate limit, proxy down, answers off…); also `notice-<code>`.
 * @csspart starters - Suggested starter questions; each is a `starter` button.
 * @csspart answer - The answer section; `answer-body` is its text, `answer-disclaimer` the note under it, `answer-cut` the note where an overlong answer was cut, `answer-link` a link to quran.com (the only site an answer may link to).
 * @csspart citation - A verse citation in the answer; also `citation-verified`, `citation-not-retrieved` or `citation-invalid`.
 * @csspart citation-flag - The warning label next to a flagged citation.
 * @csspart citation-preview - The verse preview (from the corpus) shown on hover/focus of a citation.
 * @csspart quote - A quotation checked against the corpus; also `quote-verified`, `quote-mismatch` or `quote-unchecked` (past the number of quotes checked per answer); `quote-flag` labels the last two.
 * @csspart verses - The verses section; `verse-list` the list; `no-results` the empty state.
 * @csspart verse - One verse card; also `verse-ref`, `verse-surah`, `verse-passage`, `verse-arabic`, `verse-translation`, `verse-translation-name`, `context-toggle`, `copy`, `verse-context`, `context-verse`, `context-verse-hit`.
 * @csspart site - "From this mosque": the mosque's own passages, below the verses; also `site-heading`, `site-note`, `site-list`, `site-card`, `site-card-title`, `site-link`, `site-card-ref`, `site-card-text`; `site-citation` a `[site:N]` in the answer.
 * @csspart history - Earlier questions; `history-item` each; `clear` the clear button.
 *
 * @cssproperty --quran-dai-font-family - UI font stack.
 * @cssproperty --quran-dai-font-size - Base font size (default 1rem).
 * @cssproperty --quran-dai-arabic-font-family - Quranic Arabic font stack (KFGQPC Uthmanic Script HAFS, Scheherazade New incl. the copy the proxy serves, Amiri Quran, serif).
 * @cssproperty --quran-dai-arabic-font-size - Size of verse Arabic relative to the UI text (default 1.6em).
 * @cssproperty --quran-dai-color-text - Text colour.
 * @cssproperty --quran-dai-color-muted - Secondary text colour.
 * @cssproperty --quran-dai-color-background - Background of the widget and cards.
 * @cssproperty --quran-dai-color-surface - Background of the answer and buttons.
 * @cssproperty --quran-dai-color-border - Borders.
 * @cssproperty --quran-dai-color-accent - Buttons and links.
 * @cssproperty --quran-dai-color-accent-text - Text on accent buttons.
 * @cssproperty --quran-dai-color-highlight - The hit inside its context.
 * @cssproperty --quran-dai-color-warning - "Not from the retrieved verses" and notices.
 * @cssproperty --quran-dai-color-danger - Invalid citations and mismatched quotes.
 * @cssproperty --quran-dai-color-focus - Focus ring.
 * @cssproperty --quran-dai-radius - Corner radius.
 * @cssproperty --quran-dai-max-width - Maximum width inline (default 48rem).
 * @cssproperty --quran-dai-panel-width - Floating panel width (default 26rem).
 * @cssproperty --quran-dai-panel-height - Floating panel maximum height (default 36rem).
 * @cssproperty --quran-dai-z-index - Stacking of the launcher and panel.
 */
export class QuranDaiElement extends LitElement {
  static override styles = quranDaiStyles;

  /** Real collaborators, set by the entry module (`quran-dai.ts`); the class itself imports none. */
  static defaultServices: WidgetServices | undefined;

  /** Base URL of the quran-dai proxy, e.g. `https://quran-proxy.example.org`. Required. */
  @property() proxy = '';

  /** Base URL of the data files; default `{proxy}/data`. */
  @property({ attribute: 'data-base' }) dataBase: string | undefined;

  /** UI language: `en` or `ar` (Arabic lays the widget out right to left). Anything else falls back to `en`. */
  @property() override lang = 'en';

  /** Translation shown under the Arabic: en, fr, id, tr, ur, bn, es, ru, sv, zh or translit. */
  @property() translation: TextTrackId = 'en';

  /** `chat` streams a written answer after the verses (when the proxy has an LLM); `search` shows verses only. */
  @property() mode: QuranDaiMode = 'chat';

  /** Colour scheme: `light`, `dark`, or `auto` (follows the visitor's system setting). */
  @property({ reflect: true }) theme: QuranDaiTheme = 'light';

  /** `inline` renders in place; `floating` shows a launcher button that opens a panel. */
  @property({ reflect: true }) layout: QuranDaiLayout = 'inline';

  /** Placeholder of the question field; default is a localised "Ask a question about Islam…". */
  @property() placeholder: string | undefined;

  /**
   * Where the mosque publishes its own documents, e.g. `https://mosque.example.org/info`: each
   * "From this mosque" result links to `<base>/<document>#<heading>`. Default: the proxy's SITE_BASE_URL; none = no links.
   */
  @property({ attribute: 'site-base-url' }) siteBaseUrl: string | undefined;

  /** Replace some collaborators (fetch, data loader, search engine, history store): for tests and advanced hosts. */
  @property({ attribute: false }) services: Partial<WidgetServices> | undefined;

  private siteStylesAdopted: CSSResult | undefined;
  @state() private panelOpen = false;
  @state() private question = '';
  @state() private expanded: ReadonlySet<string> = new Set();
  @state() private copiedRef: string | undefined;
  @state() private history: readonly ConversationExchange[] = [];
  /** The finished exchange of the question on screen; joins `history` when the next question is asked. */
  @state() private current: ConversationExchange | undefined;

  private uiLang: UiLang = 'en';
  private t: Translate = translator('en');
  private track: TextTrackId = 'en';
  private rendered: AnswerView | undefined;
  private renderedKey: ({ text: string; retrieved: ReadonlySet<number>; siteRetrieved: ReadonlySet<number> } & AnswerViewInputs) | undefined;
  /**
   * Each earlier answer parsed, checked and rendered once (per corpus, language and
   * translation), not on every render: typing a question renders once per keystroke, and up
   * to 50 earlier answers would each be parsed again.
   */
  private readonly historyViews = new WeakMap<ConversationExchange, { readonly inputs: AnswerViewInputs; readonly view: AnswerView }>();
  /** Answer parsing/checking/rendering, loaded on first need (keeps it out of the first-load bundle). */
  private answerModule: AnswerViewModule | undefined;
  private answerModuleLoading: Promise<AnswerViewModule> | undefined;
  private store: Promise<ConversationStore> | undefined;
  private copiedTimer: ReturnType<typeof setTimeout> | undefined;

  private readonly boot = new BootController(this, {
    onReady: (detail) => emit(this, 'quran-dai-ready', detail),
    onError: (detail) => this.reportError(detail),
    // A Quranic font from the proxy or its CDN: without one, phones show boxes for the Uthmani marks.
    onFontBase: (fontBase) => void registerQuranFont(fontBase),
  });

  /** The wait a 429 asked for; asking is off until it reaches 0. */
  private readonly rateLimitWait = new RetryCountdown(this);

  private readonly asking = new AskController(this, {
    onSearch: (detail) => emit(this, 'quran-dai-search', detail),
    onError: (detail) => {
      if (detail.code === 'rate-limited') {
        if (detail.retryAfterSeconds === undefined) this.rateLimitWait.clear();
        else this.rateLimitWait.start(detail.retryAfterSeconds);
      }
      this.reportError(detail);
    },
    onExchange: (exchange) => this.keepExchange(exchange),
    onAnswer: (question, text) => {
      const { retrieved, siteRetrieved } = this.asking;
      void this.loadAnswerModule()
        .catch(() => undefined)
        .then(() => emit(this, 'quran-dai-answer', { question, text, citations: this.checkFor(text, retrieved, siteRetrieved)?.citations ?? [] }));
    },
  });

  private get resolvedServices(): WidgetServices {
    const base = (this.constructor as typeof QuranDaiElement).defaultServices;
    const merged = { ...base, ...this.services } as Partial<WidgetServices>;
    const missing = (['fetch', 'loadQuranData', 'loadTranslationTrack', 'createSearchEngine', 'createBrowserQueryEmbedder', 'openConversationStore'] as const).filter(
      (k) => typeof merged[k] !== 'function',
    );
    if (missing.length > 0) {
      throw new Error(`quran-dai: missing services ${missing.join(', ')}; import the element from quran-dai.js (which wires them) or pass them in .services`);
    }
    return merged as WidgetServices;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    this.loadHistory();
    // Moved in the DOM while loading: the disconnect aborted the load, so start again.
    if (this.hasUpdated && this.boot.status === BootStatus.Idle) this.startBoot();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    clearTimeout(this.copiedTimer);
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has('lang')) {
      this.uiLang = resolveUiLang(this.lang);
      this.t = translator(this.uiLang);
    }
    if (changed.has('translation')) {
      this.track = TRACKS.includes(this.translation) ? this.translation : 'en';
    }
    const text = this.asking.answer;
    const retrieved = this.asking.retrieved;
    const siteRetrieved = this.asking.siteRetrieved;
    const inputs = this.answerViewInputs();
    const key = this.renderedKey;
    if (!key || key.text !== text || key.retrieved !== retrieved || key.siteRetrieved !== siteRetrieved || !sameAnswerViewInputs(key, inputs)) {
      this.rendered = this.checkFor(text, retrieved, siteRetrieved);
      this.renderedKey = { text, retrieved, siteRetrieved, ...inputs };
    }
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.adoptSiteStyles();
    if ((changed.has('proxy') || changed.has('dataBase')) && this.isConnected) this.startBoot();
    else if (changed.has('translation') && this.boot.status === BootStatus.Ready) {
      void this.boot.switchTranslation(this.track);
    }
  }

  private startBoot(): void {
    if (!this.proxy) {
      this.reportError({ code: 'not-configured', message: 'quran-dai: set the proxy attribute to the URL of your quran-dai proxy' });
      return;
    }
    let services: WidgetServices;
    try {
      services = this.resolvedServices;
    } catch (e) {
      this.reportError({ code: 'not-configured', message: (e as Error).message });
      return;
    }
    void this.boot.boot({
      proxy: this.proxy,
      dataBase: this.dataBase || undefined,
      translation: this.track,
      services,
    });
  }

  private reportError(detail: QuranDaiErrorDetail): void {
    emit(this, 'quran-dai-error', detail);
  }

  private loadAnswerModule(): Promise<AnswerViewModule> {
    this.answerModuleLoading ??= import('./answer/answer-view.js').then(
      (m) => {
        this.answerModule = m;
        this.requestUpdate();
        return m;
      },
      (e: unknown) => {
        // The answer stays readable as plain text; try the chunk again next time.
        this.answerModuleLoading = undefined;
        console.warn(`quran-dai: answer renderer failed to load (${(e as Error).message})`);
        throw e;
      },
    );
    return this.answerModuleLoading;
  }

  /** What a rendered answer depends on besides its text and verses. */
  private answerViewInputs(): AnswerViewInputs {
    const corpus = this.boot.corpus;
    return { corpus, module: this.answerModule, translation: corpus?.hasTrack(this.track) ? this.track : 'en', t: this.t, site: this.boot.site, siteBase: this.siteLinkBase };
  }

  /** An earlier answer, rendered on first need and then kept (see `historyViews`). */
  private historyViewFor(x: ConversationExchange, corpus: Corpus): AnswerView | undefined {
    const inputs = this.answerViewInputs();
    const kept = this.historyViews.get(x);
    if (kept && sameAnswerViewInputs(kept.inputs, inputs)) return kept.view;
    // Which site passages an earlier answer was given is not kept: its [site:N] are checked for existence only.
    const view = this.checkFor(x.answer, retrievedFromExchange(x, corpus), 'any');
    if (view) this.historyViews.set(x, { inputs, view });
    return view;
  }

  /** The checked, rendered answer; undefined until the answer module has loaded (text is shown plain meanwhile). */
  private checkFor(text: string, retrieved: ReadonlySet<number>, siteRetrieved: ReadonlySet<number> | 'any'): AnswerView | undefined {
    const corpus = this.boot.corpus;
    if (!text || !corpus || !this.answerModule) return undefined;
    const translation = corpus.hasTrack(this.track) ? this.track : 'en';
    const site = this.boot.site?.citations(siteRetrieved, this.siteLinkBase);
    return this.answerModule.answerView(text, { corpus, retrieved, translation, t: this.t, ...(site ? { site } : {}) });
  }

  // ---- conversation history ----

  private openStore(): Promise<ConversationStore> | undefined {
    if (this.store) return this.store;
    let services: WidgetServices;
    try {
      services = this.resolvedServices;
    } catch {
      return undefined;
    }
    this.store = services.openConversationStore();
    return this.store;
  }

  private loadHistory(): void {
    void this.openStore()
      ?.then((s) => s.list())
      .then((items) => {
        if (this.history.length === 0 && !this.current) this.history = items;
        if (items.some((x) => x.answer)) this.loadAnswerModule().catch(() => undefined);
      })
      .catch(() => undefined);
  }

  private keepExchange(exchange: ConversationExchange): void {
    this.current = exchange;
    void this.openStore()
      ?.then((s) => s.append(exchange))
      .catch((e: Error) => console.warn(`quran-dai: conversation not saved (${e.message})`));
  }

  private async clearHistory(): Promise<void> {
    this.history = [];
    this.current = undefined;
    this.asking.reset();
    this.question = '';
    await (await this.openStore())?.clear().catch(() => undefined);
    await this.updateComplete;
    this.focusPart('input');
  }

  // ---- asking ----

  private environment(): AskEnvironment | undefined {
    const { engine, corpus } = this.boot;
    if (this.boot.status !== BootStatus.Ready || !engine || !corpus) return undefined;
    return {
      engine,
      corpus,
      proxy: this.proxy,
      fetch: this.resolvedServices.fetch,
      embedQuery: this.boot.embedQuery,
      wantsAnswer: this.mode !== 'search',
      chatAvailable: this.boot.chatAvailable,
      lang: this.uiLang,
      searchLang: this.track === 'translit' ? this.uiLang : this.track,
      translation: this.track,
      history: this.history,
      loadTrack: (track, signal) => this.boot.loadTrack(track, signal),
      site: this.boot.site ? { knowledge: this.boot.site, queryEmbedderId: this.boot.embedQuery ? (this.boot.indexManifest?.id ?? null) : null } : null,
    };
  }

  /** The site section's styles arrive with the site documents (a lazy chunk); adopted once. */
  private adoptSiteStyles(): void {
    const site = this.boot.site;
    if (!site || this.siteStylesAdopted === site.styles) return;
    this.siteStylesAdopted = site.styles;
    adoptStyles(this.renderRoot as ShadowRoot, [quranDaiStyles, site.styles]);
  }

  /** The attribute wins over the proxy's SITE_BASE_URL. */
  private get siteLinkBase(): string | undefined {
    return this.siteBaseUrl || this.boot.config?.site?.baseUrl || undefined;
  }

  /** Ask a question programmatically (same as typing it and pressing Ask). */
  async ask(question: string): Promise<void> {
    const text = question.trim().slice(0, CHAT_LIMITS.maxQuestionChars);
    // Asking again during a rate-limit wait would only be refused again.
    if (!text || this.rateLimitWait.waiting) return;
    if (this.current) {
      this.history = [...this.history, this.current];
      this.current = undefined;
    }
    const env = this.environment();
    if (!env) return;
    this.question = text;
    this.expanded = new Set();
    if (env.wantsAnswer && env.chatAvailable) this.loadAnswerModule().catch(() => undefined);
    const done = this.asking.ask(text, env);
    await this.updateComplete;
    this.keepFocusInside('stop');
    await done;
    if (this.asking.answer) await this.loadAnswerModule().catch(() => undefined);
    await this.updateComplete;
    this.keepFocusInside('answer-heading');
  }

  /** Stop the running search or answer; what is shown stays. */
  stop(): void {
    this.asking.stop();
  }

  private retry(): void {
    if (this.rateLimitWait.waiting) return;
    const env = this.environment();
    if (env) void this.asking.retry(env);
  }

  private onSubmit(event: Event): void {
    event.preventDefault();
    if (this.asking.busy) return;
    void this.ask(this.question);
  }

  private onStarter(question: string): void {
    this.question = question;
    void this.ask(question);
  }

  // ---- focus ----

  private focusPart(part: string): boolean {
    const el = this.renderRoot.querySelector<HTMLElement>(`[part~="${part}"]`);
    if (!el || el.hidden) return false;
    el.focus();
    return true;
  }

  /** When the focused control disappeared (buttons swap during an ask), move focus somewhere sensible. */
  private keepFocusInside(preferred: string): void {
    const root = this.renderRoot as ShadowRoot;
    const active = root.activeElement as HTMLElement | null;
    if (active && active.isConnected && !(active as HTMLButtonElement).disabled) return;
    if (this.ownerDocument.activeElement !== this && this.ownerDocument.activeElement !== this.ownerDocument.body) return;
    if (!this.focusPart(preferred) && !this.focusPart('verses-heading')) this.focusPart('input');
  }

  // ---- floating panel ----

  private async openPanel(): Promise<void> {
    this.panelOpen = true;
    await this.updateComplete;
    this.focusPart('input');
  }

  private async closePanel(): Promise<void> {
    this.panelOpen = false;
    await this.updateComplete;
    this.focusPart('launcher');
  }

  private onPanelKeydown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.stopPropagation();
      void this.closePanel();
    }
  }

  // ---- verse cards ----

  private toggleContext(ref: string): void {
    const next = new Set(this.expanded);
    if (!next.delete(ref)) next.add(ref);
    this.expanded = next;
  }

  private async copyVerse(ref: string): Promise<void> {
    const corpus = this.boot.corpus;
    const range = corpus && tryParseReference(ref, corpus);
    if (!corpus || !range) return;
    const target = { surah: range.surah, ayah: range.from };
    const verse = corpus.verse(target, this.track);
    const text = verseCopyText(verse, corpus.surah(target.surah).nameTransliterated, corpus.trackName(this.track));
    try {
      await navigator.clipboard.writeText(text);
      this.copiedRef = ref;
      clearTimeout(this.copiedTimer);
      this.copiedTimer = setTimeout(() => (this.copiedRef = undefined), COPIED_MS);
    } catch (e) {
      console.warn(`quran-dai: copy failed (${(e as Error).message})`);
    }
  }

  // ---- rendering ----

  private statusText(): string {
    const t = this.t;
    switch (this.asking.status) {
      case AskStatus.Searching:
        return t('searching');
      case AskStatus.Refining:
        return t('refining');
      case AskStatus.Answering:
        return t('answering');
      case AskStatus.Stopped:
        return t('stopped');
      case AskStatus.Complete:
        return this.asking.answer ? t('answerDone') : this.asking.result?.kind === 'none' ? '' : t('versesFound', { count: this.asking.result?.hits.length ?? 0 });
      default:
        return '';
    }
  }

  private noticeTemplate(): TemplateResult | typeof nothing {
    const notice = this.asking.notice;
    const t = this.t;
    const status = this.asking.status;
    const canRetry = status === AskStatus.Failed || status === AskStatus.Stopped;
    const waiting = this.rateLimitWait.waiting;
    const retry = canRetry
      ? html`<button type="button" class="button button--quiet" part="retry" ?disabled=${waiting} @click=${() => this.retry()}>${t('retry')}</button>`
      : nothing;
    if (!notice) return status === AskStatus.Stopped ? html`<div class="notice" part="notice notice-stopped">${t('stopped')} ${retry}</div>` : nothing;
    // The live seconds are shown but not spoken: an alert re-read every second would drown a
    // screen reader. It hears the wait once, and again when asking is possible.
    const wait = this.rateLimitWait;
    if (notice.code === 'rate-limited' && notice.retryAfterSeconds !== undefined && wait.total !== undefined && (wait.remaining < wait.total || wait.total === 0)) {
      const spoken = waiting ? t('rateLimited', { seconds: wait.total }) : t('rateLimitOver');
      return html`<div class="notice notice--error" part="notice notice-rate-limited" role="alert">
        ${waiting ? html`<span aria-hidden="true">${wait.remaining === 1 ? t('rateLimitedOneSecond') : t('rateLimited', { seconds: wait.remaining })}</span><span class="visually-hidden">${spoken}</span>` : html`<span>${spoken}</span>`}
        ${retry}
      </div>`;
    }
    const text = ((): string => {
      switch (notice.code) {
        case 'rate-limited':
          return notice.retryAfterSeconds === undefined ? t('rateLimitedNoWait') : t('rateLimited', { seconds: notice.retryAfterSeconds });
        case 'proxy-down':
          return t('proxyDown');
        case 'chat-not-configured':
        case 'chat-off':
          return t('chatOff');
        case 'embed-failed':
          return t('embedFailed');
        default:
          return t('chatFailed');
      }
    })();
    const isError = notice.code !== 'chat-off' && notice.code !== 'embed-failed' && notice.code !== 'chat-not-configured';
    return html`<div class=${classMap({ notice: true, 'notice--error': isError })} part=${`notice notice-${notice.code}`} role=${isError ? 'alert' : 'note'}>
      <span>${text}</span> ${retry}
    </div>`;
  }

  private formTemplate(): TemplateResult {
    const t = this.t;
    const ready = this.boot.status === BootStatus.Ready;
    const busy = this.asking.busy;
    return html`<form class="form" part="form" @submit=${this.onSubmit} role="search">
      <label class="visually-hidden" for="question">${t('inputLabel')}</label>
      <input
        id="question"
        class="form__input"
        part="input"
        type="search"
        enterkeyhint="send"
        autocomplete="off"
        maxlength=${CHAT_LIMITS.maxQuestionChars}
        placeholder=${this.placeholder || t('placeholder')}
        .value=${live(this.question)}
        @input=${(e: Event) => (this.question = (e.target as HTMLInputElement).value)}
      />
      ${busy
        ? html`<button type="button" class="button" part="stop" @click=${() => this.stop()}>${t('stop')}</button>`
        : html`<button type="submit" class="button" part="submit" ?disabled=${!ready || this.rateLimitWait.waiting}>${t('submit')}</button>`}
    </form>`;
  }

  private bootTemplate(): TemplateResult | typeof nothing {
    const t = this.t;
    if (!this.proxy) return html`<p class="notice notice--error" part="notice notice-not-configured" role="alert">${t('notConfigured')}</p>`;
    if (this.boot.status === BootStatus.Failed) return html`<p class="notice notice--error" part="notice notice-data-failed" role="alert">${t('loadFailed')}</p>`;
    if (this.boot.status !== BootStatus.Loading && this.boot.status !== BootStatus.Idle) return nothing;
    const p = this.boot.progress;
    const percent = p && p.total > 0 ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : undefined;
    const label = p?.phase === 'read' ? t('loadingFromCache') : percent === undefined ? t('loading') : t('loadProgress', { percent });
    return progressTemplate(percent, label, 'progress-region');
  }

  /** The local query model's first download (browser embedding), on the first question. */
  private modelProgressTemplate(): TemplateResult | typeof nothing {
    const p = this.boot.modelProgress;
    if (!p || p.phase !== 'loading') return nothing;
    const percent = p.totalBytes > 0 ? Math.min(100, Math.round(p.fraction * 100)) : undefined;
    const label = percent === undefined ? this.t('modelLoading') : this.t('modelProgress', { percent });
    return progressTemplate(percent, label, 'progress-region progress-model');
  }

  private historyTemplate(): TemplateResult | typeof nothing {
    const corpus = this.boot.corpus;
    const items = this.history;
    if (items.length === 0) return nothing;
    const t = this.t;
    return html`<section class="history" part="history" aria-labelledby="history-heading">
      <h3 id="history-heading">${t('historyHeading')}</h3>
      <ol>
        ${items.map((x) => {
          const rendered = corpus ? this.historyViewFor(x, corpus) : undefined;
          return html`<li part="history-item">
            <p class="history__question"><span class="visually-hidden">${t('you')}: </span>${x.question}</p>
            ${rendered ? html`<div class="answer__body">${rendered.template}</div>` : x.answer ? html`<p class="answer__body">${x.answer}</p>` : nothing}
          </li>`;
        })}
      </ol>
    </section>`;
  }

  private clearTemplate(): TemplateResult | typeof nothing {
    if (this.history.length === 0 && !this.current) return nothing;
    return html`<div class="toolbar">
      <button type="button" class="button button--quiet" part="clear" @click=${() => this.clearHistory()}>${this.t('clearHistory')}</button>
    </div>`;
  }

  private answerTemplate(): TemplateResult | typeof nothing {
    const corpus = this.boot.corpus;
    const answering = this.asking.status === AskStatus.Answering;
    if (!corpus || (!this.asking.answer && !answering)) return nothing;
    const t = this.t;
    return html`<section class="answer" part="answer" aria-labelledby="answer-heading">
      <h3 id="answer-heading" part="answer-heading" tabindex="-1">${t('answerHeading')}</h3>
      <div class="answer__body" part="answer-body" aria-live="polite" aria-busy=${answering ? 'true' : 'false'}>
        ${this.rendered ? this.rendered.template : html`<p>${this.asking.answer}</p>`}
      </div>
      <p class="answer__disclaimer" part="answer-disclaimer">${t('answerDisclaimer')}</p>
    </section>`;
  }

  private versesTemplate(): TemplateResult | typeof nothing {
    const corpus = this.boot.corpus;
    const result = this.asking.result;
    if (!corpus || !result) return nothing;
    const t = this.t;
    if (result.kind === 'none' || result.hits.length === 0) {
      return html`<p class="notice" part="no-results" role="status">${t('noResults')}</p>`;
    }
    const topRefs = new Set(result.hits.slice(0, 3).map((h) => formatRef(h.ref)));
    const passageOf = (ref: string): VerseRange | undefined => {
      if (!topRefs.has(ref)) return undefined;
      const p = result.passages.find((x) => x.hits.some((h) => formatRef(h) === ref));
      return p && p.range.from !== p.range.to ? p.range : undefined;
    };
    return html`<section class="verses" part="verses" aria-labelledby="verses-heading">
      <h3 id="verses-heading" part="verses-heading" tabindex="-1">${t('versesHeading')}</h3>
      <ol class="verse-list" part="verse-list">
        ${result.hits.map((hit) => {
          const ref = formatRef(hit.ref);
          return html`<li>
            ${verseCardTemplate({
              corpus,
              ref: hit.ref,
              translation: corpus.hasTrack(this.track) ? this.track : 'en',
              passage: passageOf(ref),
              expanded: this.expanded.has(ref),
              copied: this.copiedRef === ref,
              t,
              onToggleContext: (r) => this.toggleContext(r),
              onCopy: (r) => void this.copyVerse(r),
            })}
          </li>`;
        })}
      </ol>
    </section>`;
  }

  /** The mosque's own passages, below the verses and never among them. */
  private siteTemplate(): TemplateResult | typeof nothing {
    const site = this.boot.site;
    return site ? site.render(this.asking.siteHits, this.siteLinkBase, this.t) : nothing;
  }

  private startersTemplate(): TemplateResult | typeof nothing {
    if (this.asking.status !== AskStatus.Idle || this.history.length > 0 || this.boot.status !== BootStatus.Ready) return nothing;
    const t = this.t;
    return html`<div class="starters" part="starters">
      <p>${t('starterHeading')}</p>
      <ul>
        ${starterQuestions(this.uiLang).map(
          (q) => html`<li><button type="button" class="starter" part="starter" @click=${() => this.onStarter(q)}>${q}</button></li>`,
        )}
      </ul>
    </div>`;
  }

  private mainTemplate(): TemplateResult {
    return html`<div class="main" part="main">
      ${this.bootTemplate()} ${this.modelProgressTemplate()} ${this.historyTemplate()} ${this.clearTemplate()} ${this.formTemplate()} ${this.startersTemplate()}
      <div class="status" part="status" role="status" aria-live="polite">${this.statusText()}</div>
      ${this.noticeTemplate()} ${this.answerTemplate()} ${this.versesTemplate()} ${this.siteTemplate()}
    </div>`;
  }

  protected override render(): TemplateResult {
    const dir = directionOf(this.uiLang);
    const t = this.t;
    if (this.layout !== 'floating') {
      return html`<div class="base" part="base" dir=${dir} lang=${this.uiLang}>${this.mainTemplate()}</div>`;
    }
    return html`<div class="base" part="base" dir=${dir} lang=${this.uiLang}>
      <button
        type="button"
        class="launcher"
        part="launcher"
        aria-expanded=${this.panelOpen ? 'true' : 'false'}
        aria-controls="panel"
        @click=${() => (this.panelOpen ? this.closePanel() : this.openPanel())}
      >
        ${BOOK_ICON} ${t('launcher')}
      </button>
      <div class="panel" part="panel" id="panel" role="dialog" aria-modal="false" aria-labelledby="panel-title" ?hidden=${!this.panelOpen} @keydown=${this.onPanelKeydown}>
        <div class="panel__header">
          <h2 id="panel-title">${t('title')}</h2>
          <button type="button" class="button button--quiet" part="close" aria-label=${t('closePanel')} @click=${() => this.closePanel()}>${CLOSE_ICON}</button>
        </div>
        ${this.mainTemplate()}
      </div>
    </div>`;
  }
}

/** A labelled progress bar; no `value` (indeterminate) while the size is unknown. */
function progressTemplate(percent: number | undefined, label: string, part: string): TemplateResult {
  return html`<div class="progress" part=${part}>
    <progress part="progress" max="100" value=${percent ?? nothing} aria-label=${label}></progress>
    <span>${label}</span>
  </div>`;
}

interface AnswerViewInputs {
  readonly corpus: Corpus | undefined;
  readonly module: AnswerViewModule | undefined;
  readonly translation: TextTrackId;
  readonly t: Translate;
  readonly site: SiteKnowledge | null;
  readonly siteBase: string | undefined;
}

function sameAnswerViewInputs(a: AnswerViewInputs, b: AnswerViewInputs): boolean {
  return a.corpus === b.corpus && a.module === b.module && a.translation === b.translation && a.t === b.t && a.site === b.site && a.siteBase === b.siteBase;
}

/** Verses an earlier answer was given (hits and context), rebuilt from the stored refs. */
function retrievedFromExchange(x: ConversationExchange, corpus: Corpus): Set<number> {
  const set = new Set<number>();
  for (const text of [...x.refs, ...x.context]) {
    const range = tryParseReference(text, corpus);
    if (range) for (const ref of refsInRange(range)) set.add(corpus.indexOf(ref));
  }
  return set;
}
