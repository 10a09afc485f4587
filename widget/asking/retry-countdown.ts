/**
 * The wait a rate limit asks for (`Retry-After`), counted down in whole seconds so the element
 * can show it live and re-enable asking at 0. Counts against a deadline, not ticks, so a
 * throttled background tab still ends on time.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class RetryCountdown implements ReactiveController {
  /** Whole seconds left; 0 when there is nothing to wait for. */
  remaining = 0;
  /** The wait that was asked for, in seconds (undefined when no countdown ran). */
  total: number | undefined;

  readonly #host: ReactiveControllerHost;
  #deadline = 0;
  #timer: ReturnType<typeof setTimeout> | undefined;

  constructor(host: ReactiveControllerHost) {
    this.#host = host;
    host.addController(this);
  }

  get waiting(): boolean {
    return this.remaining > 0;
  }

  /** Start (or restart) a wait of `seconds`. */
  start(seconds: number): void {
    this.total = Math.max(0, Math.ceil(seconds));
    this.#deadline = Date.now() + this.total * 1000;
    this.#tick();
  }

  /** A refusal's wait: counted down when the proxy named one, else any earlier wait is forgotten. */
  follow(seconds: number | undefined): void {
    if (seconds === undefined) this.clear();
    else this.start(seconds);
  }

  /** Forget any wait (a later failure without a wait time). */
  clear(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.total = undefined;
    this.remaining = 0;
    this.#host.requestUpdate();
  }

  hostConnected(): void {
    if (this.remaining > 0) this.#tick();
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #tick = (): void => {
    clearTimeout(this.#timer);
    const left = Math.max(0, this.#deadline - Date.now());
    this.remaining = Math.ceil(left / 1000);
    this.#host.requestUpdate();
    // Wake at the next whole second (the number changes then).
    this.#timer = this.remaining > 0 ? setTimeout(this.#tick, left % 1000 || 1000) : undefined;
  };
}
