/**
 * @module
 * "Latest run wins": a new question (or a new boot) aborts the one before it, and everything
 * the old one still had in flight learns that it is stale and shows nothing.
 */

/** One run: its abort signal, and whether a newer run (or a cancel) has taken over. */
export interface Run {
  readonly signal: AbortSignal;
  readonly stale: () => boolean;
}

export class LatestRun {
  #abort: AbortController | undefined;
  #run = 0;
  #current: Run | undefined;

  /** The latest run started (stale once a newer one starts or it is cancelled); undefined before the first. */
  get current(): Run | undefined {
    return this.#current;
  }

  /** Starts a run, aborting the one before. */
  start(): Run {
    this.#abort?.abort();
    const abort = new AbortController();
    this.#abort = abort;
    const run = ++this.#run;
    this.#current = { signal: abort.signal, stale: () => run !== this.#run };
    return this.#current;
  }

  /** Ends the current run: it is aborted, and stale from now on. */
  cancel(): void {
    this.#abort?.abort();
    this.#run++;
  }
}
