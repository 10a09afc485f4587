/**
 * The element's language, direction and text lookups, kept current: the element's own
 * `lang`, else the nearest ancestor's (across shadow roots, up to `<html lang>`), else
 * English; a change of `<html lang>` re-renders the widget, as Shoelace's localize controller
 * does. A site owner's `strings` replacements and starter questions are checked here and a
 * problem is logged once per value, never thrown: a typo must not break the widget. A
 * language's table is loaded on first need; until then the previous language stays (and the
 * element shows nothing before its first language is ready, rather than a flash of English).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { inheritedLang, type LangNode } from './inherited-lang.js';
import { TEXT_EN } from './strings-en.js';
import { directionOf, loadedUiText, loadUiText, resolveUiLang, starterQuestions, translator, type Translate, type UiLang } from './ui-language.js';

export interface LocalizeHost extends ReactiveControllerHost, LangNode {
  /** The element's own language, when set as a property rather than an attribute. */
  readonly lang?: string;
  /** Replacements for interface strings: an object, or a JSON string of one (the attribute). */
  readonly strings?: unknown;
  /** The site owner's starter questions: an array of strings, or a JSON string of one. */
  readonly starters?: unknown;
}

export interface LocalizeOptions {
  /** Where problems with `strings` or `starters` are reported. Default `console.warn`. */
  readonly warn?: (message: string) => void;
  /** The page whose `<html lang>` is watched. Default `globalThis.document`. */
  readonly document?: Document;
}

type OverrideChecks = typeof import('./string-overrides.js');

/** A setting the site owner left out. */
function unset(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

export class LocalizeController implements ReactiveController {
  readonly #host: LocalizeHost;
  readonly #warn: (message: string) => void;
  readonly #document: Document | undefined;
  #observer: MutationObserver | undefined;
  #lang: UiLang = 'en';
  #t: Translate = translator('en');
  #strings: unknown;
  #startersValue: unknown;
  #starters: readonly string[] | undefined;
  #warned = new Set<string>();
  #ready = false;
  /** A table or the settings checks being loaded; a render follows when it settles. */
  #pending: Promise<void> | undefined;
  #checks: OverrideChecks | undefined;
  #checksFailed = false;
  /** Languages whose table could not be loaded (offline): shown in English, not retried on every render. */
  #failed = new Set<UiLang>();

  constructor(host: LocalizeHost, options: LocalizeOptions = {}) {
    this.#host = host;
    this.#warn = options.warn ?? ((m) => console.warn(m));
    this.#document = options.document ?? globalThis.document;
    host.addController(this);
  }

  /** The interface language in use. */
  get lang(): UiLang {
    return this.#lang;
  }

  get dir(): 'ltr' | 'rtl' {
    return directionOf(this.#lang);
  }

  /** Lookups in the interface language, with the site owner's replacements; a new function when either changes. */
  get t(): Translate {
    return this.#t;
  }

  /** False until the first language's table is in: render nothing before, not a flash of English. */
  get ready(): boolean {
    return this.#ready;
  }

  /** True while a table or the settings checks are being loaded (a render with them follows). */
  get settling(): boolean {
    return this.#pending !== undefined;
  }

  /**
   * The host's update, done once the language's table is in and rendered: `hostUpdate` is the
   * host's own `getUpdateComplete`, so tests and hosts see the widget in its language.
   */
  async updateSettled(hostUpdate: () => Promise<boolean>): Promise<boolean> {
    let done = await hostUpdate();
    while (this.settling) {
      await this.loaded;
      done = await hostUpdate();
    }
    return done;
  }

  /** Settles when what is being loaded (if anything) is in and the host has been asked to render again. */
  get loaded(): Promise<void> {
    return this.#pending ?? Promise.resolve();
  }

  /** The site owner's starter questions when set (and valid), else the language's own. */
  get starters(): readonly string[] {
    return this.#starters ?? starterQuestions(this.#lang);
  }

  hostConnected(): void {
    const root = this.#document?.documentElement;
    if (!root || typeof MutationObserver === 'undefined') return;
    this.#observer = new MutationObserver(() => this.#host.requestUpdate());
    this.#observer.observe(root, { attributes: true, attributeFilter: ['lang'] });
  }

  hostDisconnected(): void {
    this.#observer?.disconnect();
    this.#observer = undefined;
  }

  /**
   * Reads the language and settings again; call it from `willUpdate`.
   * @returns true when the language or the replacements changed (so derived values must be too)
   */
  refresh(): boolean {
    const lang = resolveUiLang(this.#host.lang?.trim() || inheritedLang(this.#host));
    const strings = this.#host.strings;
    const startersValue = this.#host.starters;
    const checks = this.#checks;
    if (!checks && !this.#checksFailed && (!unset(strings) || !unset(startersValue))) {
      // The checks are loaded only on pages that set either.
      this.#wait(
        import('./string-overrides.js').then((m) => void (this.#checks = m)),
        (error) => {
          this.#checksFailed = true;
          this.#warnOnce(`<quran-dai>: "strings" and "starters" not applied (${error.message})`);
        },
      );
      return false;
    }
    if (startersValue !== this.#startersValue) {
      this.#startersValue = startersValue;
      const { starters, problem } = checks && !unset(startersValue) ? checks.checkStarters(startersValue) : {};
      this.#starters = starters;
      if (problem) this.#warnOnce(`<quran-dai>: ${problem}; the built-in questions are shown.`);
    }
    const wanted = this.#failed.has(lang) ? 'en' : lang;
    if (!loadedUiText(wanted)) {
      this.#wait(loadUiText(wanted), (error) => {
        this.#failed.add(wanted);
        this.#warnOnce(`<quran-dai>: showing English, the ${wanted} text did not load (${error.message})`);
      });
      return false;
    }
    this.#ready = true;
    if (wanted === this.#lang && strings === this.#strings) return false;
    const checked = checks && !unset(strings) ? checks.checkStringOverrides(strings, TEXT_EN) : { overrides: {}, problems: [] };
    if (strings !== this.#strings && checks && checked.problems.length > 0) this.#warnOnce(checks.overrideWarning(checked.problems, TEXT_EN));
    this.#lang = wanted;
    this.#strings = strings;
    this.#t = translator(wanted, checked.overrides);
    return true;
  }

  /** Loads one thing at a time, then renders again (a failure is reported and not retried). */
  #wait(work: Promise<unknown>, onError: (error: Error) => void): void {
    this.#pending ??= work
      .then(
        () => undefined,
        (error: unknown) => onError(error as Error),
      )
      .then(() => {
        this.#pending = undefined;
        this.#host.requestUpdate();
      });
  }

  #warnOnce(message: string): void {
    if (this.#warned.has(message)) return;
    this.#warned.add(message);
    this.#warn(message);
  }
}
