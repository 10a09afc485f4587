/**
 * The element's language, direction and text lookups, kept current: the element's own
 * `lang`, else the nearest ancestor's (across shadow roots, up to `<html lang>`), else
 * English; a change of `<html lang>` re-renders the widget, as Shoelace's localize controller
 * does. A site owner's `strings` replacements and starter questions are checked here and a
 * problem is logged once per value, never thrown: a typo must not break the widget.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { inheritedLang, type LangNode } from './inherited-lang.js';
import { checkStringOverrides, overrideWarning } from './string-overrides.js';
import { directionOf, resolveUiLang, starterQuestions, translator, type Translate, type UiLang } from './ui-language.js';

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

function parsedStarters(value: unknown): { starters?: readonly string[]; problem?: string } {
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { problem: 'the "starters" setting is not valid JSON; give an array of questions, e.g. ["What is patience?"]' };
    }
  }
  if (Array.isArray(parsed) && parsed.every((q) => typeof q === 'string' && q.trim() !== '')) return { starters: parsed as string[] };
  return { problem: 'the "starters" setting must be an array of non-empty question strings' };
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
    if (startersValue !== this.#startersValue) {
      this.#startersValue = startersValue;
      const { starters, problem } = parsedStarters(startersValue);
      this.#starters = starters;
      if (problem) this.#warnOnce(`<quran-dai>: ${problem}; the built-in questions are shown.`);
    }
    if (lang === this.#lang && strings === this.#strings) return false;
    const checked = checkStringOverrides(strings);
    if (strings !== this.#strings && checked.problems.length > 0) this.#warnOnce(overrideWarning(checked.problems));
    this.#lang = lang;
    this.#strings = strings;
    this.#t = translator(lang, checked.overrides);
    return true;
  }

  #warnOnce(message: string): void {
    if (this.#warned.has(message)) return;
    this.#warned.add(message);
    this.#warn(message);
  }
}
