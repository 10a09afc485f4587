/**
 * @module
 * The answer on screen as the element shows it: checked and rendered once per change of its
 * text, verses or rendering inputs (a render per keystroke, and the `quran-dai-answer` event,
 * reuse the same check; while it streams, on the pacing of answer-pacing.ts), the renderer
 * loaded on first need, and the state of the buttons under it (share, 👍/👎, comment).
 */
import type { CSSResult, ReactiveController, ReactiveControllerHost, TemplateResult } from 'lit';
import { nothing } from 'lit';
import type { FeedbackRating } from '../../data/contracts/feedback-request.js';
import type { AnswerViewInputs } from '../history/history-controller.js';
import { sameAnswerViewInputs } from '../history/history-controller.js';
import type { CopiedMarker } from '../share/copied-marker.js';
import { AskStatus, type AskController } from '../asking/ask-controller.js';
import { emit } from '../events/emit.js';
import type { AnswerOnScreen, FeedbackSink } from './answer-actions.js';
import { AnswerModuleLoader } from './answer-module-loader.js';
import { shouldRecheck } from './answer-pacing.js';
import type { AnswerView } from './answer-view.js';

/** The answer as the ask controller holds it. */
type AnswerState = Pick<AskController, 'question' | 'answer' | 'answerSignature' | 'retrieved' | 'siteRetrieved' | 'status'>;

export interface AnswerPresenterOptions {
  /** What a rendered answer depends on besides its text and verses (the module is the presenter's). */
  readonly inputs: () => Omit<AnswerViewInputs, 'module'>;
  readonly asking: () => AnswerState;
  readonly copied: CopiedMarker;
  readonly feedbackSink: () => FeedbackSink;
  readonly pageUrl: () => string;
  /** Adopts the rendered answer's styles, which arrive with its renderer. */
  readonly adoptStyles: (sheet: CSSResult) => void;
}

type Key = {
  readonly text: string;
  readonly retrieved: ReadonlySet<number>;
  readonly siteRetrieved: ReadonlySet<number>;
  readonly streaming: boolean;
} & AnswerViewInputs;

export class AnswerPresenter implements ReactiveController {
  /** The checked, rendered answer; undefined until the renderer has loaded (the text shows plain meanwhile). */
  rendered: AnswerView | undefined;
  /** The visitor's 👍/👎 on the answer on screen, and whether its comment was sent. */
  rating: FeedbackRating | undefined;
  commented = false;

  readonly #host: ReactiveControllerHost & EventTarget;
  readonly #options: AnswerPresenterOptions;
  readonly #loader: AnswerModuleLoader;
  #key: Key | undefined;
  /** A check of the grown or finished answer, due in a task of its own (`#checkSoon`). */
  #pending: Promise<void> | undefined;
  /** The corpus whose answer-check lookups are being prepared (once per corpus). */
  #warmed: unknown;

  constructor(host: ReactiveControllerHost & EventTarget, options: AnswerPresenterOptions) {
    this.#host = host;
    this.#options = options;
    this.#loader = new AnswerModuleLoader(() => {
      if (this.#loader.module) options.adoptStyles(this.#loader.module.answerStyles);
      host.requestUpdate();
    });
    host.addController(this);
  }

  hostUpdate(): void {
    // Once the renderer and the corpus are both here, the whole-Quran lookups are prepared while idle.
    const corpus = this.#options.inputs().corpus;
    const module = this.#loader.module;
    if (module && corpus && this.#warmed !== corpus) {
      this.#warmed = corpus;
      module.warmUpAnswerChecks(corpus);
    }
    const s = this.#options.asking();
    const streaming = s.status === AskStatus.Answering;
    const due = this.#due(s.answer, s.retrieved, s.siteRetrieved, streaming);
    // The same answer checked again (grown, or finished): in a task of its own, so checking a long
    // answer and laying it out are two short tasks, not one long one; meanwhile the last check shows.
    if (due === 'again') this.#checkSoon();
    else if (due === 'fresh') this.#render(s.answer, s.retrieved, s.siteRetrieved, streaming);
  }

  /**
   * Whether the answer must be checked: not at all (the last check stands), `again` (the answer on
   * screen grown or finished), or `fresh` (another answer, other verses or other inputs).
   */
  #due(text: string, retrieved: ReadonlySet<number>, siteRetrieved: ReadonlySet<number>, streaming: boolean): 'none' | 'again' | 'fresh' {
    const key = this.#key;
    if (key === undefined || key.retrieved !== retrieved || key.siteRetrieved !== siteRetrieved || !sameAnswerViewInputs(key, this.inputs())) return 'fresh';
    const grown = this.rendered !== undefined && text.startsWith(key.text);
    // A check made while streaming may have left whole-Quran lookups for later: the finished answer is checked again.
    if (key.streaming && !streaming) return grown ? 'again' : 'fresh';
    if (key.text === text) return 'none';
    if (!grown) return 'fresh';
    // While it streams, the same answer grown a little keeps its last check (answer-pacing.ts).
    return shouldRecheck(key.text.length, text.length, streaming) ? 'again' : 'none';
  }

  #checkSoon(): void {
    if (this.#pending) return;
    this.#pending = new Promise<void>((resolve) =>
      setTimeout(() => {
        this.#pending = undefined;
        const s = this.#options.asking();
        this.check(s.answer, s.retrieved, s.siteRetrieved, s.status === AskStatus.Answering);
        this.#host.requestUpdate();
        resolve();
      }, 0),
    );
  }

  /** The answer renderer's inputs now, with its module once loaded. */
  inputs(): AnswerViewInputs {
    return { ...this.#options.inputs(), module: this.#loader.module };
  }

  /** Loads the answer renderer; a failure was logged and the answer stays plain text. */
  load(): Promise<unknown> {
    return this.#loader.load().catch(() => undefined);
  }

  /** A finished answer, announced as `quran-dai-answer` with each citation's check (once the renderer, which checks, is there). */
  async announce(question: string, text: string): Promise<void> {
    const { retrieved, siteRetrieved } = this.#options.asking();
    await this.load();
    // The finished answer's check may be under way in its own task: the event reuses it.
    await this.#pending;
    emit(this.#host, 'quran-dai-answer', { question, text, citations: this.check(text, retrieved, siteRetrieved)?.citations ?? [] });
  }

  /** A new question: its answer starts unrated. */
  reset(): void {
    this.rating = undefined;
    this.commented = false;
  }

  /** The answer checked and rendered, kept until its text, verses or inputs change. */
  check(text: string, retrieved: ReadonlySet<number>, siteRetrieved: ReadonlySet<number>, streaming = false): AnswerView | undefined {
    if (this.#due(text, retrieved, siteRetrieved, streaming) !== 'none') this.#render(text, retrieved, siteRetrieved, streaming);
    return this.rendered;
  }

  #render(text: string, retrieved: ReadonlySet<number>, siteRetrieved: ReadonlySet<number>, streaming: boolean): void {
    const inputs = this.inputs();
    this.rendered = render(text, retrieved, siteRetrieved, inputs, streaming);
    this.#key = { text, retrieved, siteRetrieved, streaming, ...inputs };
  }

  /** What streamed in since the answer was last checked, shown as plain text until the next check. */
  uncheckedTail(answer: string): string {
    const checked = this.#key?.text ?? '';
    return answer.length > checked.length && answer.startsWith(checked) ? answer.slice(checked.length) : '';
  }

  /** The row under a finished answer: share, 👍/👎 and a comment. Nothing until the renderer is there. */
  footer(t: AnswerViewInputs['t']): TemplateResult | typeof nothing {
    const module = this.#loader.module;
    if (!module) return nothing;
    return module.answerFooterTemplate({
      t,
      shared: this.#options.copied.key === 'answer',
      rating: this.rating,
      commented: this.commented,
      onShare: () => void this.#share(),
      onRate: (rating) => this.#rate(rating),
      onComment: (comment) => this.#rate(this.rating ?? 'up', comment),
    });
  }

  #onScreen(): AnswerOnScreen | undefined {
    const corpus = this.#options.inputs().corpus;
    if (!corpus) return undefined;
    const s = this.#options.asking();
    return { host: this.#host, corpus, question: s.question, answer: s.answer, signature: s.answerSignature, citations: this.rendered?.citations ?? [] };
  }

  async #share(): Promise<void> {
    const module = this.#loader.module;
    const a = this.#onScreen();
    if (module && a && (await module.shareAnswer(a, navigator, this.#options.pageUrl())) === 'copy') this.#options.copied.mark('answer');
  }

  #rate(rating: FeedbackRating, comment?: string): void {
    this.rating = rating;
    if (comment !== undefined) this.commented = true;
    this.#host.requestUpdate();
    const module = this.#loader.module;
    const a = this.#onScreen();
    if (module && a) void module.rateAnswer(a, this.#options.feedbackSink(), rating, comment);
  }
}

/** The checked, rendered answer; undefined until the answer module has loaded. */
function render(
  text: string,
  retrieved: ReadonlySet<number>,
  siteRetrieved: ReadonlySet<number> | 'any',
  inputs: AnswerViewInputs,
  streaming = false,
): AnswerView | undefined {
  const { corpus, module } = inputs;
  if (!text || !corpus || !module) return undefined;
  const site = inputs.site?.citations(siteRetrieved, inputs.siteBase);
  return module.answerView(text, { corpus, retrieved, translation: inputs.translation, t: inputs.t, streaming, ...(site ? { site } : {}) });
}
