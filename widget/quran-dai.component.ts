import { adoptStyles, html, LitElement, nothing, type CSSResult, type PropertyValues, type TemplateResult } from 'lit';
import { property, state } from 'lit/decorators.js';
import { classMap } from 'lit/directives/class-map.js';
import { live } from 'lit/directives/live.js';
import { CHAT_LIMITS } from '../data/contracts/chat-request.js';
import type { TextTrackId, VerseRange } from '../data/corpus/corpus-types.js';
import type { Corpus } from '../data/corpus/corpus.js';
import { formatRange, formatRef, quranComTafsirUrl, refsInRange } from '../data/corpus/verse-range.js';
import { tryParseReference } from '../data/corpus/reference-parser.js';
import { AnswerModuleLoader, type AnswerViewModule } from './answer/answer-module-loader.js';
import type { AnswerView } from './answer/answer-view.js';
import { proxyUrl } from './api/proxy-fetch.js';
import { proxyAddressHint } from './api/proxy-address-hint.js';
import { siteBaseFromAttribute } from './site/site-base-attribute.js';
import { attributeWarning, type CheckedAttribute } from './attributes/attribute-warning.js';
import { registerQuranFont } from './verses/quran-font.js';
import { AskController, AskStatus, type AskEnvironment, type ExplainRequest } from './asking/ask-controller.js';
import { noticeText, rateLimitedText } from './asking/notice-text.js';
import { LauncherClearance } from './shell/launcher-clearance.js';
import { aboutTextsTemplate } from './about/about-texts-template.js';
import type { SiteKnowledge } from './site/site-knowledge.js';
import { RetryCountdown } from './asking/retry-countdown.js';
import { QueuedQuestion } from './asking/queued-question.js';
import { BootController, BootStatus } from './boot/boot-controller.js';
import type { WidgetServices } from './boot/widget-services.js';
import { emit } from './events/emit.js';
import type { QuranDaiErrorDetail } from './events/quran-dai-error.js';
import type { FeedbackRating } from '../data/contracts/feedback-request.js';
import type { AnswerOnScreen } from './answer/answer-actions.js';
import { HistoryController, sameAnswerViewInputs, type AnswerViewInputs } from './history/history-controller.js';
import { directionStyles } from './i18n/direction.styles.js';
import { LocalizeController } from './i18n/localize-controller.js';
import { scriptFontStyles } from './i18n/script-fonts.styles.js';
import { shownTrack } from './i18n/shown-track.js';
import type { Translate, UiLang } from './i18n/ui-language.js';
import type { RecitationPlayer } from './listen/recitation-player.js';

type ContactModule = typeof import('./contact/contact-template.js');
type TopicsViewModule = typeof import('./topics/topics-view.js');
import { verseCardTemplate } from './verses/verse-card-template.js';
import { noVersesText } from './verses/no-verses-text.js';
import { COPIED_MS, VerseClipboard } from './verses/verse-clipboard.js';
import { quranDaiStyles } from './quran-dai.styles.js';
import { matchedTopicTemplate } from './topics/matched-topic.js';
import { shouldRecheck } from './answer/answer-pacing.js';
import type { SuggestResponse } from '../data/contracts/suggest-request.js';

export type QuranDaiMode = 'chat' | 'search';

/**
 * The page URL whose shared question (`?quran-dai-q=`) was asked: one widget per page asks it,
 * once; a new URL (a single-page site navigating to another shared link) is asked again.
 */
let sharedQuestionAskedFor: string | undefined;
export type QuranDaiTheme = 'light' | 'dark' | 'auto';
export type QuranDaiLayout = 'inline' | 'floating';

/** Properties whose attribute takes one of a fixed list of values, checked as they change. */
const CHECKED_ATTRIBUTES = [
  ['lang', 'lang'],
  ['translation', 'translation'],
  ['mode', 'mode'],
  ['theme', 'theme'],
  ['layout', 'layout'],
  ['sharedQuestion', 'shared-question'],
] as const satisfies readonly (readonly [keyof QuranDaiElement, CheckedAttribute])[];

/** Icons as inline SVG (a symbol or emoji glyph renders as a box on systems without the font); decorative only. */
const BOOK_ICON = html`<svg class="icon" part="launcher-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
  <path d="M12 6.5C9.5 4.8 6.2 4.5 3 5.2v13.3c3.2-.7 6.5-.4 9 1.3 2.5-1.7 5.8-2 9-1.3V5.2c-3.2-.7-6.5-.4-9 1.3zM12 6.5v13.3" />
</svg>`;
const CLOSE_ICON = html`<svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d="M6 6l12 12M18 6L6 18" /></svg>`;

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
 *
 * @csspart base - The wrapper; carries `dir` (rtl for Arabic and Urdu) and the interface `lang`.
 * @csspart main - The question, status, answer and verses column.
 * @csspart launcher - The floating launcher button (`layout="floating"`).
 * @csspart launcher-icon - The launcher's SVG icon.
 * @csspart panel - The floating panel (`layout="floating"`).
 * @csspart close - The panel's close button.
 * @csspart progress-region - A progress bar with its label: the first data load, or the local search model's first download.
 * @csspart progress-model - The progress region of the local search model's first download (also `progress-region`).
 * @csspart progress - The `<progress>` bar inside a progress region.
 * @csspart form - The question form.
 * @csspart input - The question text field.
 * @csspart submit - The ask button.
 * @csspart stop - The stop button (while searching or answering).
 * @csspart retry - The try-again button after a failure or stop.
 * @csspart status - The polite live region with the current status.
 * @csspart topics - The "Topics" view: every topic in the visitor's language, filtered as they type (a disclosure).
 * @csspart topics-summary - Its label.
 * @csspart topics-filter - Its filter field.
 * @csspart topic-link - One topic in it: opens the topic's verses.
 * @csspart topic-open - The matched topic's name above the verses: opens the topic.
 * @csspart about - "About these texts": the texts shown, their authors, sources and terms (a disclosure at the widget's foot).
 * @csspart about-summary - The disclosure's label.
 * @csspart about-item - One text in it.
 * @csspart notice - A short explanation under the question field; each also has one `notice-*` part below.
 * @csspart notice-not-configured - The `proxy` attribute is missing.
 * @csspart notice-data-failed - The verse data could not be loaded.
 * @csspart notice-queued - A question asked while the verse data loads; it is asked once the data is ready.
 * @csspart notice-shared-question - A question from a shared link, filled into the box; it is asked only when the visitor presses Ask.
 * @csspart notice-search-failed - The search failed.
 * @csspart notice-embed-failed - Meaning search is unavailable; keyword results are shown.
 * @csspart notice-rate-limited - Too many questions; counts the wait down (questions asked meanwhile still get their verses; the answer waits).
 * @csspart notice-proxy-down - The answer service cannot be reached.
 * @csspart notice-chat-off - Written answers are off for this site.
 * @csspart notice-chat-not-configured - The proxy has no LLM configured.
 * @csspart notice-chat-failed - The answer could not be completed.
 * @csspart notice-stopped - The visitor stopped the search or answer.
 * @csspart starters - Suggested starter questions.
 * @csspart starter - One starter question button.
 * @csspart answer - The answer section.
 * @csspart answer-heading - The answer's heading (focused when an answer is done).
 * @csspart answer-body - The answer text.
 * @csspart answer-disclaimer - The note under the answer.
 * @csspart answer-actions - The row under a finished answer: share and 👍/👎.
 * @csspart answer-share - The button that shares the answer (or copies it where the browser cannot share).
 * @csspart feedback - A 👍 or 👎 button (`aria-pressed` once chosen); also `feedback-up` or `feedback-down`.
 * @csspart feedback-up - The 👍 button.
 * @csspart feedback-down - The 👎 button.
 * @csspart feedback-form - The optional short comment after a rating.
 * @csspart feedback-comment - The comment field.
 * @csspart feedback-send - The button that sends the comment.
 * @csspart feedback-thanks - The thank-you after a rating.
 * @csspart contact - The site owner's contact link (`contact-href`) under an answer or an empty search.
 * @csspart contact-prominent - The contact link put forward: the verses do not cover the question, or it asks for a ruling (also `contact`).
 * @csspart answer-tafsir - Under an explained verse: the verse's tafsir link on quran.com, after "not a tafsir" when an explanation was written (the link also without one).
 * @csspart answer-cut - The note where an overlong answer was cut.
 * @csspart answer-link - A link to quran.com in the answer (the only site an answer may link to).
 * @csspart answer-blockquote - A block quotation in the answer of two words or fewer (longer ones are checked: `quote-*`).
 * @csspart citation - A verse citation in the answer; also one of the three parts below.
 * @csspart citation-verified - A citation of a verse the answer was given.
 * @csspart citation-not-retrieved - A citation of a real verse the answer was not given.
 * @csspart citation-invalid - A citation of a verse that does not exist.
 * @csspart citation-flag - The warning label next to a flagged citation.
 * @csspart citation-preview - The verse preview (from the corpus) shown on hover or focus of a citation.
 * @csspart quote - A quotation checked against the corpus; also one of the parts below.
 * @csspart quote-verified - A quotation that matches the cited verse.
 * @csspart quote-mismatch - A quotation that does not match the cited verse.
 * @csspart quote-shortened - A quotation whose parts (split by "…") are in the cited verse, in order, with words left out that may change its meaning; flagged, not vouched for.
 * @csspart quote-not-found - A block quote that cites no verse and is not the text of any verse shown; flagged.
 * @csspart quote-unchecked - A quotation past the number checked per answer.
 * @csspart quote-flag - The label of a quotation that is not verified (mismatched, shortened, not found or unchecked).
 * @csspart verses - The verses section.
 * @csspart verses-heading - The verses' heading.
 * @csspart topic - The topic of the Quran the question matched, named above the verses ("Topic: …").
 * @csspart verse-list - The list of verse cards.
 * @csspart no-results - The empty state when no verse matches (or why the question cannot be searched: a verse or surah that does not exist, no words).
 * @csspart verse - One verse card.
 * @csspart verse-ref - The card's Surah:Ayah link to quran.com.
 * @csspart verse-surah - The surah's name on the card.
 * @csspart verse-passage - The passage range shown on the top hits.
 * @csspart verse-arabic - The verse in Arabic.
 * @csspart verse-translation - The verse's translation.
 * @csspart verse-translation-name - The translation's name.
 * @csspart context-toggle - The button that shows the same-surah context.
 * @csspart context-toggle-icon - The toggle's arrow (mirrored right to left).
 * @csspart copy - The copy button.
 * @csspart explain - The button that asks the Da'i to explain the verse from its passage.
 * @csspart share - The button that shares the verse (or copies it where the browser cannot share).
 * @csspart listen - The play/stop button of the verse's recitation (only with a valid `audio-base`).
 * @csspart listen-error - The note on a card whose recitation could not be loaded.
 * @csspart verse-context - The same-surah context list.
 * @csspart context-verse - One verse of the context.
 * @csspart context-verse-hit - The hit inside its context (also `context-verse`).
 * @csspart site - "From this mosque": the mosque's own passages, below the verses and never mixed with them.
 * @csspart site-heading - The section's heading.
 * @csspart site-note - The note that these are the mosque's words, not the Quran.
 * @csspart site-list - The list of passages.
 * @csspart site-card - One passage.
 * @csspart site-card-title - The passage's document and section.
 * @csspart site-link - The link to the passage on the mosque's site (when a base URL is set).
 * @csspart site-card-ref - The passage's `[site:N]` marker.
 * @csspart site-card-text - The passage's text.
 * @csspart site-citation - A `[site:N]` citation in the answer (also `citation`, and one of the three parts below).
 * @csspart site-citation-verified - A citation of a passage the answer was given.
 * @csspart site-citation-not-retrieved - A citation of a real passage the answer was not given.
 * @csspart site-citation-invalid - A citation of a passage the mosque's documents do not have.
 * @csspart history - Earlier questions.
 * @csspart history-item - One earlier question and its answer.
 * @csspart clear - The button that clears the conversation.
 *
 * @cssproperty --quran-dai-font-family - UI font stack.
 * @cssproperty --quran-dai-font-size - Base font size (default 1rem).
 * @cssproperty --quran-dai-arabic-font-family - Quranic Arabic font stack (KFGQPC Uthmanic Script HAFS, Scheherazade New incl. the copy the proxy serves, Amiri Quran, serif).
 * @cssproperty --quran-dai-arabic-font-size - Size of verse Arabic relative to the UI text (default 1.6em).
 * @cssproperty --quran-dai-urdu-font-family - Urdu text (interface and translation): local Nastaliq faces, then the Scheherazade New copy the proxy serves.
 * @cssproperty --quran-dai-chinese-font-family - Chinese text: the system's Simplified Chinese fonts.
 * @cssproperty --quran-dai-bengali-font-family - Bengali text: the system's Bengali fonts.
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
  static override styles = [quranDaiStyles, scriptFontStyles, directionStyles];

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

  private siteStylesAdopted: CSSResult | undefined;
  @state() private panelOpen = false;
  @state() private question = '';
  /** A shared question fills the box and waits for the visitor to press Ask. */
  @state() private sharedPending = false;
  @state() private expanded: ReadonlySet<string> = new Set();

  // Focus targets are found by id or class, never through `part` names, so renaming a styling
  // hook cannot break focus handling. Plain getters do what Lit's `@query` does without its
  // decorator code in the first-load bundle (which has a 50 KB gzip budget).
  private get inputEl(): HTMLInputElement | null {
    return this.renderRoot.querySelector('#question');
  }
  private get launcherEl(): HTMLButtonElement | null {
    return this.renderRoot.querySelector('.launcher');
  }
  private get stopEl(): HTMLButtonElement | null {
    return this.renderRoot.querySelector('.form__stop');
  }
  private get answerHeadingEl(): HTMLElement | null {
    return this.renderRoot.querySelector('#answer-heading');
  }
  private get versesHeadingEl(): HTMLElement | null {
    return this.renderRoot.querySelector('#verses-heading');
  }

  private readonly localize = new LocalizeController(this);
  private uiLang: UiLang = 'en';
  private t: Translate = this.localize.t;
  private track: TextTrackId = 'en';
  /** Set when the shown translation changed after the data was loaded, so it is switched once rendered. */
  private trackChanged = false;
  private rendered: AnswerView | undefined;
  private renderedKey: ({ text: string; retrieved: ReadonlySet<number>; siteRetrieved: ReadonlySet<number> } & AnswerViewInputs) | undefined;
  private readonly answerModule = new AnswerModuleLoader(() => this.requestUpdate());
  private readonly clipboard = new VerseClipboard(this);
  /** Floating layout only: keeps the launcher off an inline widget on the same page. */
  private launcherClearance: LauncherClearance | undefined;
  /** The checked `audio-base` template; undefined when unset or refused. */
  private audioTemplate: string | undefined;
  /** Warnings already written, so a refused attribute warns once. */
  private readonly warned = new Set<string>();
  /** The contact link's renderer with the checked `contact-href`; undefined when unset or refused. */
  private contact: { readonly module: ContactModule; readonly href: string } | undefined;
  /** The Topics view's module, loaded once the topics are (never in the first load). */
  private topicsView: TopicsViewModule | undefined;
  /** What the visitor typed to filter the topic list. */
  @state() private topicFilter = '';
  /** Loaded with the first play. */
  private player: RecitationPlayer | undefined;
  /** What was copied by a share a moment ago: a card's `S:A`, or `answer`. */
  private sharedRef: string | undefined;
  /** The visitor's 👍/👎 on the answer on screen, and whether its comment was sent. */
  private rating: FeedbackRating | undefined;
  private commented = false;
  private sharedTimer: ReturnType<typeof setTimeout> | undefined;

  private readonly history = new HistoryController(this, {
    openStore: () => this.openStore(),
    onAnswersLoaded: () => void this.loadAnswerModule(),
  });

  private readonly boot = new BootController(this, {
    onReady: (detail) => {
      emit(this, 'quran-dai-ready', detail);
      // The visitor's own question, typed while the text loaded, comes before a shared link's.
      if (!this.queued.release()) void this.askSharedQuestion();
    },
    onError: (detail) => {
      if (this.boot.status === BootStatus.Failed) this.queued.drop();
      this.reportError(detail);
    },
    // A Quranic font from the proxy or its CDN: without one, phones show boxes for the Uthmani marks.
    onFontBase: (fontBase) => void registerQuranFont(fontBase),
  });

  /** A question asked while the Quran text loads, asked once it is ready. */
  private readonly queued = new QueuedQuestion();

  /** The wait a 429 asked for; answers are not asked for until it reaches 0 (searching goes on). */
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
    onExchange: (exchange) => this.history.keep(exchange),
    onAnswer: (question, text) => {
      const { retrieved, siteRetrieved } = this.asking;
      void this.loadAnswerModule().then(() => emit(this, 'quran-dai-answer', { question, text, citations: this.checkedAnswer(text, retrieved, siteRetrieved)?.citations ?? [] }));
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
    // Moved in the DOM while loading: the disconnect aborted the load, so start again.
    if (this.hasUpdated && this.boot.status === BootStatus.Idle) this.startBoot();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (this.layout === 'floating') {
      this.launcherClearance ??= new LauncherClearance(this, { self: this, launcher: () => this.launcherEl, panelOpen: () => this.panelOpen });
    }
    if (this.localize.refresh()) {
      this.uiLang = this.localize.lang;
      this.t = this.localize.t;
    }
    const track = shownTrack(this.translation, this.uiLang);
    if (track !== this.track) {
      this.track = track;
      this.trackChanged = true;
    }
    this.checkedAnswer(this.asking.answer, this.asking.retrieved, this.asking.siteRetrieved, this.asking.status === AskStatus.Answering);
    for (const [property, attribute] of CHECKED_ATTRIBUTES) {
      if (!changed.has(property)) continue;
      const warning = attributeWarning(attribute, this[property]);
      if (warning) this.warnOnce(warning);
    }
    if (changed.has('audioBase')) void this.applyAudioBase(this.audioBase);
    if (changed.has('contactHref')) void this.applyContactHref(this.contactHref);
    if (this.boot.topics && !this.topicsView) void this.loadTopicsView();
  }

  /** Checks `contact-href` (its module loads only when it is set); a refused value warns once. */
  private async applyContactHref(value: string | undefined): Promise<void> {
    if (!value) {
      this.contact = undefined;
      return;
    }
    const module = await import('./contact/contact-template.js');
    if (value !== this.contactHref) return;
    const link = module.parseContactHref(value);
    this.contact = link.ok ? { module, href: link.href } : undefined;
    if (!link.ok) this.warnOnce(link.warning);
    this.requestUpdate();
  }

  /** The contact link under an answer or a search that found nothing; put forward when a person is the better guide. */
  private contactTemplate(): TemplateResult | typeof nothing {
    const contact = this.contact;
    if (!contact) return nothing;
    const searchKind = this.asking.result?.kind;
    return contact.module.contactTemplate({
      href: contact.href,
      label: this.contactLabel,
      prominent: contact.module.contactProminent({ question: this.asking.question, answer: this.asking.answer, searchKind }),
      t: this.t,
    });
  }

  /** Checks `audio-base` (the parser loads with it, off the first load); a refused value warns once. */
  private async applyAudioBase(value: string | undefined): Promise<void> {
    if (!value) {
      this.audioTemplate = undefined;
      return;
    }
    const { parseAudioSource } = await import('./listen/audio-source.js');
    if (value !== this.audioBase) return;
    const source = parseAudioSource(value);
    this.audioTemplate = source.ok ? source.template : undefined;
    if (!source.ok) this.warnOnce(source.warning);
    this.requestUpdate();
  }

  private warnOnce(warning: string): void {
    if (this.warned.has(warning)) return;
    this.warned.add(warning);
    console.warn(warning);
  }

  /**
   * The answer on screen checked and rendered, kept until its text, verses or rendering inputs
   * change: a render per keystroke, and the `quran-dai-answer` event, reuse the same check.
   */
  private checkedAnswer(text: string, retrieved: ReadonlySet<number>, siteRetrieved: ReadonlySet<number>, streaming = false): AnswerView | undefined {
    const inputs = this.answerViewInputs();
    const key = this.renderedKey;
    const same = key !== undefined && key.retrieved === retrieved && key.siteRetrieved === siteRetrieved && sameAnswerViewInputs(key, inputs);
    // While it streams, the same answer grown a little keeps its last check (answer-pacing.ts).
    const grown = same && text.startsWith(key.text) && this.rendered !== undefined;
    if (!same || (grown ? shouldRecheck(key.text.length, text.length, streaming) : key.text !== text)) {
      this.rendered = this.checkFor(text, retrieved, siteRetrieved);
      this.renderedKey = { text, retrieved, siteRetrieved, ...inputs };
    }
    return this.rendered;
  }

  protected override updated(changed: PropertyValues<this>): void {
    this.adoptSiteStyles();
    if ((changed.has('proxy') || changed.has('dataBase')) && this.isConnected) this.startBoot();
    else if (this.trackChanged && this.boot.status === BootStatus.Ready) {
      void this.boot.switchTranslation(this.track);
    }
    this.trackChanged = false;
  }

  private startBoot(): void {
    if (!this.proxy) {
      this.reportError({ code: 'not-configured', message: 'quran-dai: set the proxy attribute to the URL of your quran-dai proxy' });
      return;
    }
    const hint = proxyAddressHint(this.proxy);
    if (hint) this.warnOnce(`quran-dai: ${hint}`);
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
    // A proxy address without https:// is the likelier cause than the network or the data.
    const hint = detail.code === 'config-failed' || detail.code === 'data-failed' ? proxyAddressHint(this.proxy) : undefined;
    emit(this, 'quran-dai-error', hint ? { ...detail, message: `${detail.message} (${hint})` } : detail);
  }

  /** Loads the answer renderer; a failure was logged and the answer stays plain text. */
  private loadAnswerModule(): Promise<unknown> {
    return this.answerModule.load().catch(() => undefined);
  }

  /** What a rendered answer depends on besides its text and verses. */
  private answerViewInputs(): AnswerViewInputs {
    const corpus = this.boot.corpus;
    return { corpus, module: this.answerModule.module, translation: corpus?.hasTrack(this.track) ? this.track : 'en', t: this.t, site: this.boot.site, siteBase: this.siteLinkBase };
  }

  /** The checked, rendered answer; undefined until the answer module has loaded (text is shown plain meanwhile). */
  private checkFor(text: string, retrieved: ReadonlySet<number>, siteRetrieved: ReadonlySet<number> | 'any'): AnswerView | undefined {
    const corpus = this.boot.corpus;
    const module = this.answerModule.module;
    if (!text || !corpus || !module) return undefined;
    const translation = corpus.hasTrack(this.track) ? this.track : 'en';
    const site = this.boot.site?.citations(siteRetrieved, this.siteLinkBase);
    return module.answerView(text, { corpus, retrieved, translation, t: this.t, ...(site ? { site } : {}) });
  }

  // ---- conversation history ----

  private openStore(): ReturnType<WidgetServices['openConversationStore']> | undefined {
    let services: WidgetServices;
    try {
      services = this.resolvedServices;
    } catch {
      return undefined;
    }
    return services.openConversationStore();
  }

  private async clearHistory(): Promise<void> {
    const cleared = this.history.clear();
    this.asking.reset();
    this.question = '';
    await cleared;
    await this.updateComplete;
    focusVisible(this.inputEl);
  }

  // ---- topics ----

  private async loadTopicsView(): Promise<void> {
    this.topicsView = await import('./topics/topics-view.js');
    this.requestUpdate();
  }

  /** Opens a topic (from the list, or the matched topic's name): its verses, without searching or an answer. */
  private openTopic(id: string): void {
    const env = this.environment();
    const corpus = this.boot.corpus;
    const topic = this.boot.topics?.file.topics.find((x) => x.id === id);
    if (!env || !corpus || !topic || !this.topicsView) return;
    const result = this.topicsView.topicResult(corpus, topic, this.uiLang, { topContext: 3, radius: 5 });
    this.asking.showFound(result.query, result, env);
    void this.updateComplete.then(() => focusVisible(this.versesHeadingEl));
  }

  private topicsTemplate(): TemplateResult | typeof nothing {
    const topics = this.boot.topics;
    if (!topics || !this.topicsView) return nothing;
    return this.topicsView.topicsViewTemplate({
      topics: topics.file.topics,
      lang: this.uiLang,
      filter: this.topicFilter,
      t: this.t,
      onFilter: (filter) => (this.topicFilter = filter),
      onOpen: (id) => this.openTopic(id),
    });
  }

  // ---- asking ----

  /** The LLM's retrieval suggestion through the proxy (loaded on first use: not in the first-load chunk). */
  private async suggest(question: string, corpus: Corpus, signal: AbortSignal): Promise<SuggestResponse> {
    const { fetchSuggestion } = await import('./api/fetch-suggestion.js');
    return fetchSuggestion(this.proxy, { question, lang: this.uiLang }, corpus, this.resolvedServices.fetch, signal);
  }

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
      chatOffReason: this.boot.chatOffReason,
      ...(this.boot.config?.suggest && this.mode !== 'search' ? { suggest: (question: string, signal: AbortSignal) => this.suggest(question, corpus, signal) } : {}),
      ...(this.rateLimitWait.waiting ? { answersPausedFor: this.rateLimitWait.remaining } : {}),
      lang: this.uiLang,
      searchLang: this.track === 'translit' ? this.uiLang : this.track,
      translation: this.track,
      history: this.history.items,
      loadTrack: (track, signal) => this.boot.loadTrack(track, signal),
      site: this.boot.site ? { knowledge: this.boot.site, queryEmbedderId: this.boot.embedQuery ? (this.boot.indexManifest?.id ?? null) : null } : null,
    };
  }

  /** A shared link (`?quran-dai-q=`) opens the widget with its question asked, so the visitor sees the same answer. */
  private async askSharedQuestion(): Promise<void> {
    const page = location.href;
    if (sharedQuestionAskedFor === page || !location.search.includes('quran-dai-q=')) return;
    if (this.ownerDocument.querySelector(`${this.localName}:not([shared-question="off"])`) !== this) return;
    sharedQuestionAskedFor = page;
    const { sharedQuestionIn } = await import('./share/shared-question-url.js');
    const question = sharedQuestionIn(page);
    if (!question) return;
    // Filled in, not asked: a crafted link must not send text to the model (or into the saved
    // history) without the visitor pressing Ask.
    if (this.layout === 'floating') this.panelOpen = true;
    this.question = question;
    this.sharedPending = true;
    await this.updateComplete;
    this.inputEl?.focus();
  }

  /**
   * The site section's styles arrive with the site documents (a lazy chunk); adopted once, beside
   * all of the element's own (adopting replaces the list: without them Urdu loses its font and
   * right-to-left arrows stop mirroring).
   */
  private adoptSiteStyles(): void {
    const site = this.boot.site;
    if (!site || this.siteStylesAdopted === site.styles) return;
    this.siteStylesAdopted = site.styles;
    adoptStyles(this.renderRoot as ShadowRoot, [...(this.constructor as typeof QuranDaiElement).elementStyles, site.styles]);
  }

  /** The attribute wins over the proxy's SITE_BASE_URL. */
  private get siteLinkBase(): string | undefined {
    if (!this.siteBaseUrl?.trim()) return this.boot.config?.site?.baseUrl || undefined;
    const base = siteBaseFromAttribute(this.siteBaseUrl, this.ownerDocument.location?.href ?? '');
    if (!base.ok) this.warnOnce(base.warning);
    return base.ok ? base.base : undefined;
  }

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
    const range = corpus ? tryParseReference(ref, corpus) : undefined;
    if (!corpus || !range) return;
    const verse = { surah: range.surah, ayah: range.from };
    const { explainResult } = await import('./asking/explain-result.js');
    const result = explainResult(verse, corpus);
    const key = formatRef(verse);
    emit(this, 'quran-dai-explain', { ref: key, passage: formatRange(result.passages[0]!.range) });
    await this.askWith(this.t('explainQuestion', { ref: key }), { ref: key, result });
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
    this.question = text;
    // An explained verse opens on its passage.
    this.expanded = new Set(explain ? [explain.ref] : []);
    this.rating = undefined;
    this.commented = false;
    if (env.wantsAnswer && env.chatAvailable) void this.loadAnswerModule();
    const done = this.asking.ask(text, env, explain);
    await this.updateComplete;
    this.keepFocusInside(this.stopEl);
    await done;
    if (this.asking.answer) await this.loadAnswerModule();
    await this.updateComplete;
    this.keepFocusInside(this.answerHeadingEl);
  }

  /** The Quran text is on its way: a question now is kept and asked when it arrives. */
  private get textLoading(): boolean {
    return !!this.proxy && (this.boot.status === BootStatus.Loading || this.boot.status === BootStatus.Idle);
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
    this.sharedPending = false;
    if (this.asking.busy) return;
    void this.ask(this.question);
  }

  private onStarter(question: string): void {
    this.question = question;
    void this.ask(question);
  }

  // ---- focus ----

  /** When the focused control disappeared (buttons swap during an ask), move focus somewhere sensible. */
  private keepFocusInside(preferred: HTMLElement | null): void {
    const root = this.renderRoot as ShadowRoot;
    const active = root.activeElement as HTMLElement | null;
    if (active && active.isConnected && !(active as HTMLButtonElement).disabled) return;
    if (this.ownerDocument.activeElement !== this && this.ownerDocument.activeElement !== this.ownerDocument.body) return;
    if (!focusVisible(preferred) && !focusVisible(this.versesHeadingEl)) focusVisible(this.inputEl);
  }

  // ---- floating panel ----

  private async openPanel(): Promise<void> {
    this.panelOpen = true;
    await this.updateComplete;
    focusVisible(this.inputEl);
  }

  private async closePanel(): Promise<void> {
    this.panelOpen = false;
    await this.updateComplete;
    focusVisible(this.launcherEl);
  }

  private onPanelKeydown(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.stopPropagation();
      void this.closePanel();
    }
  }

  // ---- verse cards ----

  private async shareVerse(ref: string): Promise<void> {
    const corpus = this.boot.corpus;
    const range = corpus ? tryParseReference(ref, corpus) : undefined;
    if (!corpus || !range) return;
    const { shareVerse } = await import('./share/share-verse.js');
    let method;
    try {
      method = await shareVerse(corpus, { surah: range.surah, ayah: range.from }, corpus.hasTrack(this.track) ? this.track : 'en', this.t, navigator, this.uiLang);
    } catch (e) {
      console.warn(`quran-dai: share failed (${(e as Error).message})`);
      return;
    }
    if (method === 'cancelled') return;
    emit(this, 'quran-dai-share', { kind: 'verse', subject: ref, method });
    if (method === 'copy') this.markCopied(ref);
  }

  /** The answer on screen, for its share and feedback buttons; undefined until the answer renderer is there. */
  private answerOnScreen(): (AnswerOnScreen & { module: AnswerViewModule }) | undefined {
    const module = this.answerModule.module;
    const corpus = this.boot.corpus;
    if (!module || !corpus) return undefined;
    return { module, host: this, corpus, question: this.asking.question, answer: this.asking.answer, signature: this.asking.answerSignature, citations: this.rendered?.citations ?? [] };
  }

  private async shareAnswer(): Promise<void> {
    const a = this.answerOnScreen();
    if (a && (await a.module.shareAnswer(a, navigator, location.href)) === 'copy') this.markCopied('answer');
  }

  /** The button that copied says "Copied" for a moment. */
  private markCopied(key: string): void {
    this.sharedRef = key;
    this.requestUpdate();
    clearTimeout(this.sharedTimer);
    this.sharedTimer = setTimeout(() => {
      this.sharedRef = undefined;
      this.requestUpdate();
    }, COPIED_MS);
  }

  private sendFeedback(rating: FeedbackRating, comment?: string): void {
    this.rating = rating;
    if (comment !== undefined) this.commented = true;
    this.requestUpdate();
    const a = this.answerOnScreen();
    const sink = { proxy: this.proxy, fetch: this.resolvedServices.fetch, collect: this.boot.config?.feedback === true, lang: this.uiLang };
    if (a) void a.module.rateAnswer(a, sink, rating, comment);
  }

  /** Plays or stops the verse's recitation; the player loads with the first play. */
  private async listen(ref: string): Promise<void> {
    const template = this.audioTemplate;
    const corpus = this.boot.corpus;
    const range = corpus ? tryParseReference(ref, corpus) : undefined;
    if (!template || !range) return;
    const [{ RecitationPlayer }, { audioUrlFor }] = await Promise.all([import('./listen/recitation-player.js'), import('./listen/audio-source.js')]);
    this.player ??= new RecitationPlayer(this, {
      createAudio: this.resolvedServices.createAudio ?? (() => new Audio()),
      onPlay: (playing) => emit(this, 'quran-dai-play', { ref: playing }),
    });
    this.player.toggle(ref, audioUrlFor(template, { surah: range.surah, ayah: range.from }));
  }

  private toggleContext(ref: string): void {
    const next = new Set(this.expanded);
    if (!next.delete(ref)) next.add(ref);
    this.expanded = next;
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
    // A question searched during a rate-limit wait gets its answer with Try again once the wait ends.
    const canRetry = status === AskStatus.Failed || status === AskStatus.Stopped || notice?.code === 'rate-limited';
    const waiting = this.rateLimitWait.waiting;
    const retry = canRetry
      ? html`<button type="button" class="button button--quiet" part="retry" ?disabled=${waiting} @click=${() => this.retry()}>${t('retry')}</button>`
      : nothing;
    if (!notice) return status === AskStatus.Stopped ? html`<div class="notice" part="notice notice-stopped">${t('stopped')} ${retry}</div>` : nothing;
    // The live seconds are shown but not spoken: an alert re-read every second would drown a
    // screen reader. It hears the wait once, and again when asking is possible.
    const wait = this.rateLimitWait;
    if (notice.code === 'rate-limited' && notice.retryAfterSeconds !== undefined && wait.total !== undefined && (wait.remaining < wait.total || wait.total === 0)) {
      const spoken = waiting ? rateLimitedText(notice.retryAfterSeconds, t) : t('rateLimitOver');
      return html`<div class="notice notice--error" part="notice notice-rate-limited" role="alert">
        ${waiting ? html`<span aria-hidden="true">${rateLimitedText(wait.remaining, t)}</span><span class="visually-hidden">${spoken}</span>` : html`<span>${spoken}</span>`}
        ${retry}
      </div>`;
    }
    const { text, isError } = noticeText(notice, t);
    return html`<div class=${classMap({ notice: true, 'notice--error': isError })} part=${`notice notice-${notice.code}`} role=${isError ? 'alert' : 'note'}>
      <span>${text}</span> ${retry}
    </div>`;
  }

  private formTemplate(): TemplateResult {
    const t = this.t;
    const canAsk = this.boot.status === BootStatus.Ready || this.textLoading;
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
        aria-describedby=${this.sharedPending ? 'shared-question-note' : nothing}
      />
      ${busy
        ? html`<button type="button" class="button form__stop" part="stop" @click=${() => this.stop()}>${t('stop')}</button>`
        : html`<button type="submit" class="button" part="submit" ?disabled=${!canAsk}>${t('submit')}</button>`}
    </form>
    ${this.sharedPending ? html`<p id="shared-question-note" class="notice" part="notice notice-shared-question" role="status">${t('sharedQuestionReady')}</p>` : nothing}`;
  }

  private bootTemplate(): TemplateResult | typeof nothing {
    const t = this.t;
    if (!this.proxy) return html`<p class="notice notice--error" part="notice notice-not-configured" role="alert">${t('notConfigured')}</p>`;
    if (this.boot.status === BootStatus.Failed) return html`<p class="notice notice--error" part="notice notice-data-failed" role="alert">${t('loadFailed')}</p>`;
    if (this.boot.status !== BootStatus.Loading && this.boot.status !== BootStatus.Idle) return nothing;
    const p = this.boot.progress;
    const percent = p && p.total > 0 ? Math.min(100, Math.round((p.loaded / p.total) * 100)) : undefined;
    const label = p?.phase === 'read' ? t('loadingFromCache') : percent === undefined ? t('loading') : t('loadProgress', { percent });
    return html`${progressTemplate(percent, label, { model: false })}
      ${this.queued.text === undefined ? nothing : html`<p class="notice" part="notice notice-queued" role="status">${t('questionQueued')}</p>`}`;
  }

  /** The local query model's first download (browser embedding), on the first question. */
  private modelProgressTemplate(): TemplateResult | typeof nothing {
    const p = this.boot.modelProgress;
    if (!p || p.phase !== 'loading') return nothing;
    const percent = p.totalBytes > 0 ? Math.min(100, Math.round(p.fraction * 100)) : undefined;
    const label = percent === undefined ? this.t('modelLoading') : this.t('modelProgress', { percent });
    return progressTemplate(percent, label, { model: true });
  }

  private historyTemplate(): TemplateResult | typeof nothing {
    const items = this.history.items;
    if (items.length === 0) return nothing;
    const inputs = this.answerViewInputs();
    const t = this.t;
    return html`<section class="history" part="history" aria-labelledby="history-heading">
      <h3 id="history-heading">${t('historyHeading')}</h3>
      <ol>
        ${items.map((x) => {
          const rendered = this.history.viewOf(x, inputs);
          return html`<li part="history-item">
            <p class="history__question"><span class="visually-hidden">${t('you')}: </span><bdi>${x.question}</bdi></p>
            ${rendered ? html`<div class="answer__body">${rendered.template}</div>` : x.answer ? html`<p class="answer__body">${x.answer}</p>` : nothing}
            ${x.answer ? this.tafsirTemplate(x.explain) : nothing}
          </li>`;
        })}
      </ol>
    </section>`;
  }

  private clearTemplate(): TemplateResult | typeof nothing {
    if (this.history.empty) return nothing;
    return html`<div class="toolbar">
      <button type="button" class="button button--quiet" part="clear" @click=${() => this.clearHistory()}>${this.t('clearHistory')}</button>
    </div>`;
  }

  private answerTemplate(): TemplateResult | typeof nothing {
    const corpus = this.boot.corpus;
    const answering = this.asking.status === AskStatus.Answering;
    if (!corpus) return nothing;
    // Explained without a written answer (search mode, no LLM, or it failed): the passage and its
    // tafsir link, without the note that calls the answer an explanation.
    if (!this.asking.answer && !answering) return this.tafsirTemplate(this.asking.explain, false);
    const t = this.t;
    return html`<section class="answer" part="answer" aria-labelledby="answer-heading">
      <h3 id="answer-heading" part="answer-heading" tabindex="-1">${t('answerHeading')}</h3>
      <div class="answer__body" part="answer-body" aria-live="polite" aria-busy=${answering ? 'true' : 'false'}>
        ${this.rendered ? html`${this.rendered.template}${this.uncheckedTail()}` : html`<p>${this.asking.answer}</p>`}
      </div>
      <p class="answer__disclaimer" part="answer-disclaimer">${t('answerDisclaimer')}</p>
      ${this.tafsirTemplate(this.asking.explain)} ${this.answerFooterTemplate()} ${this.asking.status === AskStatus.Complete ? this.contactTemplate() : nothing}
    </section>`;
  }

  /** What streamed in since the answer was last checked: plain text until the next check. */
  private uncheckedTail(): TemplateResult | typeof nothing {
    const checked = this.renderedKey?.text ?? '';
    const answer = this.asking.answer;
    if (answer.length <= checked.length || !answer.startsWith(checked)) return nothing;
    return html`<p class="answer__pending">${answer.slice(checked.length)}</p>`;
  }

  private answerFooterTemplate(): TemplateResult | typeof nothing {
    const module = this.answerModule.module;
    if (!module || this.asking.status !== AskStatus.Complete || !this.asking.answer) return nothing;
    return module.answerFooterTemplate({
      t: this.t,
      shared: this.sharedRef === 'answer',
      rating: this.rating,
      commented: this.commented,
      onShare: () => void this.shareAnswer(),
      onRate: (rating) => this.sendFeedback(rating),
      onComment: (comment) => this.sendFeedback(this.rating ?? 'up', comment),
    });
  }

  /**
   * An explained verse's tafsir link, from the corpus reference (never from the answer); with the
   * note that the written answer is an explanation, not a tafsir, when there is one.
   */
  private tafsirTemplate(ref: string | undefined, note = true): TemplateResult | typeof nothing {
    const corpus = this.boot.corpus;
    const range = ref && corpus ? tryParseReference(ref, corpus) : undefined;
    if (!ref || !range) return nothing;
    const href = quranComTafsirUrl({ surah: range.surah, ayah: range.from });
    return html`<p class="answer__tafsir" part="answer-tafsir">
      ${note ? html`${this.t('tafsirNote')} ` : nothing}<a href=${href} target="_blank" rel="noopener noreferrer">${this.t('tafsirLink', { ref })}</a>
    </p>`;
  }

  private versesTemplate(): TemplateResult | typeof nothing {
    const corpus = this.boot.corpus;
    const result = this.asking.result;
    if (!corpus || !result) return nothing;
    const t = this.t;
    if (result.kind === 'none' || result.hits.length === 0) {
      // A question with nothing to change in its words ("2:999", "???") is not one for the imam.
      return html`<p class="notice" part="no-results" role="status">${noVersesText(result.problem, corpus, t, this.localize.starters[0] ?? '', this.uiLang)}</p>
        ${result.problem ? nothing : this.contactTemplate()}`;
    }
    const topRefs = new Set(result.hits.slice(0, 3).map((h) => formatRef(h.ref)));
    const passageOf = (ref: string): VerseRange | undefined => {
      if (!topRefs.has(ref)) return undefined;
      const p = result.passages.find((x) => x.hits.some((h) => formatRef(h) === ref));
      return p && p.range.from !== p.range.to ? p.range : undefined;
    };
    return html`<section class="verses" part="verses" aria-labelledby="verses-heading">
      <h3 id="verses-heading" part="verses-heading" tabindex="-1">${t('versesHeading')}</h3>
      ${matchedTopicTemplate({ topics: this.boot.topics, matched: result.topics, lang: this.uiLang, t, onOpen: this.topicsView ? (id) => this.openTopic(id) : undefined })}
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
              copied: this.clipboard.copiedRef === ref,
              shared: this.sharedRef === ref,
              recitation: this.audioTemplate ? (this.player?.stateOf(ref) ?? 'idle') : undefined,
              t,
              lang: this.uiLang,
              onToggleContext: (r) => this.toggleContext(r),
              onCopy: (r) => void this.clipboard.copy(corpus, r, this.track, this.t, this.uiLang),
              onExplain: (r) => void this.explain(r),
              onShare: (r) => void this.shareVerse(r),
              onListen: (r) => void this.listen(r),
            })}
          </li>`;
        })}
      </ol>
      ${this.rulingContactTemplate()}
    </section>`;
  }

  /**
   * With no written answer (search mode, no LLM, answers off for this page), a question that asks
   * for a ruling gets the contact link put forward under the verses: they alone cannot rule.
   */
  private rulingContactTemplate(): TemplateResult | typeof nothing {
    const contact = this.contact;
    if (!contact || this.asking.answer || this.asking.status !== AskStatus.Complete) return nothing;
    return contact.module.asksForRuling(this.asking.question) ? this.contactTemplate() : nothing;
  }

  /** The mosque's own passages, below the verses and never among them. */
  private siteTemplate(): TemplateResult | typeof nothing {
    const site = this.boot.site;
    return site ? site.render(this.asking.siteHits, this.siteLinkBase, this.t) : nothing;
  }

  private startersTemplate(): TemplateResult | typeof nothing {
    if (this.asking.status !== AskStatus.Idle || this.history.items.length > 0 || this.boot.status !== BootStatus.Ready) return nothing;
    const t = this.t;
    return html`<div class="starters" part="starters">
      <p>${t('starterHeading')}</p>
      <ul>
        ${this.localize.starters.map(
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
      ${this.topicsTemplate()}
      ${this.boot.corpus ? aboutTextsTemplate({ sources: this.boot.corpus.sources, lang: this.uiLang, t: this.t }) : nothing}
    </div>`;
  }

  /** Also waits for the interface language's table, so tests and hosts see the widget in its language. */
  protected override async getUpdateComplete(): Promise<boolean> {
    let done = await super.getUpdateComplete();
    while (this.localize.settling) {
      await this.localize.loaded;
      done = await super.getUpdateComplete();
    }
    return done;
  }

  protected override render(): TemplateResult | typeof nothing {
    // Nothing until the interface language's table is in (one small request), not a flash of English.
    if (!this.localize.ready) return nothing;
    const dir = this.localize.dir;
    const t = this.t;
    if (this.layout !== 'floating') {
      return html`<div class="base" part="base" dir=${dir} lang=${this.uiLang}>${this.mainTemplate()}</div>`;
    }
    return html`<div class="base" part="base" dir=${dir} lang=${this.uiLang}>
      <button
        type="button"
        class=${this.launcherClearance?.aside ? 'launcher launcher--aside' : 'launcher'}
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

/** A labelled progress bar (the data's first load, or the local model's); no `value` (indeterminate) while the size is unknown. */
function progressTemplate(percent: number | undefined, label: string, { model }: { readonly model: boolean }): TemplateResult {
  return html`<div class="progress" part=${model ? 'progress-region progress-model' : 'progress-region'}>
    <progress part="progress" max="100" value=${percent ?? nothing} aria-label=${label}></progress>
    <span>${label}</span>
  </div>`;
}

/** Focuses `el` when it is on screen; false when there is nothing to focus. */
function focusVisible(el: HTMLElement | null): boolean {
  if (!el || el.hidden) return false;
  el.focus();
  return true;
}
