/**
 * @module
 * A share that fell back to copying says "Copied" on its button for a moment: which button
 * (a card's `S:A`, or `answer`) is remembered here until the moment has passed.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { COPIED_MS } from '../verses/verse-clipboard.js';

export class CopiedMarker implements ReactiveController {
  /** The button that copied within the last moment. */
  key: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  readonly #host: ReactiveControllerHost;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  mark(key: string): void {
    this.key = key;
    this.#host.requestUpdate();
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.key = undefined;
      this.#host.requestUpdate();
    }, COPIED_MS);
  }
}
