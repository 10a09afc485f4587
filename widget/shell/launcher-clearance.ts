/**
 * @module
 * Keeps the floating launcher clear of an inline widget on the same page. The launcher is fixed
 * at the corner, and on a page that also embeds the widget inline (the demo, a "Ask" page with
 * the launcher site-wide) it would sit over that widget's verse text and its buttons: on a phone
 * at the right, and on the left once the page is right to left. While the two overlap the
 * launcher steps aside (hidden); it comes back as soon as the inline widget scrolls away. It steps
 * aside at the very end of the page too, where it would cover the page's last line (a footer link
 * no scrolling can bring out from under it), and comes back as the visitor scrolls up. The open
 * panel never steps aside: its launcher is also its way out.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export interface Box {
  readonly left: number;
  readonly right: number;
  readonly top: number;
  readonly bottom: number;
}

/** True when the two boxes share any area (touching edges do not count). */
export function boxesOverlap(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/**
 * True when the page's content reaches under the launcher and the page cannot scroll that content
 * out from under it (scrolled to its end): the launcher would cover the page's last line for good.
 * A short page whose content ends above the launcher keeps it.
 */
function atPageEnd(launcher: Box): boolean {
  const root = document.scrollingElement ?? document.documentElement;
  const fromEnd = root.scrollHeight - (root.scrollTop + window.innerHeight);
  const contentBottom = document.body?.getBoundingClientRect().bottom ?? 0;
  return contentBottom > launcher.top && fromEnd < window.innerHeight - launcher.top;
}

export interface LauncherClearanceOptions {
  /** The launcher, once rendered. */
  readonly launcher: () => Element | null;
  /** Whether the panel is open (then the launcher stays). */
  readonly panelOpen: () => boolean;
  /** The element itself, so it never counts as the inline widget it must clear. */
  readonly self: Element;
}

export class LauncherClearance implements ReactiveController {
  /** True while the launcher would cover an inline widget. */
  aside = false;

  readonly #host: ReactiveControllerHost;
  readonly #options: LauncherClearanceOptions;
  #frame = 0;
  #resize: ResizeObserver | undefined;
  readonly #schedule = (): void => {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      this.#check();
    });
  };

  constructor(host: ReactiveControllerHost, options: LauncherClearanceOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  hostConnected(): void {
    // Capture: a scroll inside any scrolling container of the host page moves the inline widget too.
    document.addEventListener('scroll', this.#schedule, { passive: true, capture: true });
    window.addEventListener('resize', this.#schedule, { passive: true });
    // An answer streaming in grows the inline widget under a launcher that has not moved.
    this.#resize = typeof ResizeObserver === 'function' ? new ResizeObserver(this.#schedule) : undefined;
    for (const other of this.#inlineWidgets()) this.#resize?.observe(other);
    this.#schedule();
  }

  hostDisconnected(): void {
    document.removeEventListener('scroll', this.#schedule, { capture: true });
    window.removeEventListener('resize', this.#schedule);
    this.#resize?.disconnect();
    if (this.#frame) cancelAnimationFrame(this.#frame);
    this.#frame = 0;
  }

  hostUpdated(): void {
    this.#schedule();
  }

  #inlineWidgets(): Element[] {
    return [...document.querySelectorAll('quran-dai')].filter((el) => el !== this.#options.self && el.getAttribute('layout') !== 'floating');
  }

  #check(): void {
    const launcher = this.#options.launcher();
    let aside = false;
    if (launcher && !this.#options.panelOpen()) {
      // The launcher keeps its box while hidden (visibility), so this reads where it would be.
      const box = launcher.getBoundingClientRect();
      aside = this.#inlineWidgets().some((other) => boxesOverlap(box, other.getBoundingClientRect())) || atPageEnd(box);
    }
    if (aside !== this.aside) {
      this.aside = aside;
      this.#host.requestUpdate();
    }
  }
}
