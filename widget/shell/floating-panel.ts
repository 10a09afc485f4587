/**
 * @module
 * The floating layout's panel: open or closed, focus moved into it when it opens and back to
 * the launcher when it closes (Escape closes it), and the launcher kept clear of an inline
 * widget on the same page.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { focusVisible } from './focus.js';
import { LauncherClearance } from './launcher-clearance.js';

type Host = ReactiveControllerHost & HTMLElement & { readonly renderRoot: ParentNode };

/** Where the open panel becomes a sheet (quran-dai.styles.ts has the same width). */
const PHONE = '(max-width: 480px)';

export interface FloatingPanelOptions {
  /** Whether the element is in the floating layout now. */
  readonly floating: () => boolean;
  /** The question field, focused when the panel opens. */
  readonly input: () => HTMLElement | null;
}

export class FloatingPanel implements ReactiveController {
  #open = false;
  #clearance: LauncherClearance | undefined;
  readonly #host: Host;
  readonly #options: FloatingPanelOptions;

  constructor(host: Host, options: FloatingPanelOptions) {
    this.#host = host;
    this.#options = options;
    host.addController(this);
  }

  get isOpen(): boolean {
    return this.#open;
  }

  /** True while the launcher would cover an inline widget (it steps aside). */
  get launcherAside(): boolean {
    return this.#clearance?.aside ?? false;
  }

  hostUpdate(): void {
    // Created with the floating layout only: an inline widget has no launcher to keep clear.
    if (this.#options.floating()) {
      this.#clearance ??= new LauncherClearance(this.#host, { self: this.#host, launcher: () => this.#launcher(), panelOpen: () => this.#open });
    }
  }

  /** Opens the panel without moving focus (a shared question fills the box and focuses it). */
  show(): void {
    if (this.#open) return;
    this.#open = true;
    this.#holdPage();
    this.#host.requestUpdate();
  }

  async open(): Promise<void> {
    this.show();
    await this.#host.updateComplete;
    focusVisible(this.#options.input());
  }

  async close(): Promise<void> {
    this.#open = false;
    this.#releasePage();
    this.#host.requestUpdate();
    await this.#host.updateComplete;
    focusVisible(this.#launcher());
  }

  toggle(): Promise<void> {
    return this.#open ? this.close() : this.open();
  }

  hostDisconnected(): void {
    this.#releasePage();
  }

  /** The page's own overflow while a phone's sheet holds it still; undefined when not held. */
  #heldOverflow: string | undefined;

  /**
   * On a phone the open panel is a sheet over the page: the page behind it must not scroll under
   * the visitor's finger. Its root's overflow is set while the sheet is open and given back as it was.
   */
  #holdPage(): void {
    if (this.#heldOverflow !== undefined || typeof matchMedia !== 'function' || !matchMedia(PHONE).matches) return;
    const root = this.#host.ownerDocument.documentElement;
    this.#heldOverflow = root.style.overflow;
    root.style.overflow = 'hidden';
  }

  #releasePage(): void {
    if (this.#heldOverflow === undefined) return;
    this.#host.ownerDocument.documentElement.style.overflow = this.#heldOverflow;
    this.#heldOverflow = undefined;
  }

  #launcher(): HTMLElement | null {
    return this.#host.renderRoot.querySelector('.launcher');
  }
}
