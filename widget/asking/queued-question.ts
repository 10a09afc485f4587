/**
 * A question asked before the Quran text is ready: a first visit on a slow phone link
 * downloads for tens of seconds, and a visitor who types meanwhile must not find that
 * pressing Ask did nothing. The question is kept (the newest one wins), said to be kept,
 * and asked when the text is ready.
 */
export class QueuedQuestion {
  #held: { readonly text: string; readonly settle: (ask: boolean) => void } | undefined;

  /** The question waiting, if any. */
  get text(): string | undefined {
    return this.#held?.text;
  }

  /**
   * Keep `text` until `release` or `drop`. Resolves true when it should now be asked, false
   * when a newer question replaced it or the text could not be loaded.
   */
  hold(text: string): Promise<boolean> {
    this.#held?.settle(false);
    return new Promise((resolve) => {
      this.#held = { text, settle: resolve };
    });
  }

  /** The text is ready: the waiting question (if any) is asked. */
  release(): boolean {
    return this.#end(true);
  }

  /** The text could not be loaded (or the widget was reset): nothing is asked. */
  drop(): void {
    this.#end(false);
  }

  #end(ask: boolean): boolean {
    const held = this.#held;
    this.#held = undefined;
    held?.settle(ask);
    return held !== undefined;
  }
}
