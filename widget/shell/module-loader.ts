/**
 * @module
 * A lazy chunk of the widget (the answer renderer, the verse list, the Topics view), imported
 * once for any number of callers. A failed import is logged with what it was and tried again
 * on the next call: what it renders waits, nothing else breaks.
 */
export class ModuleLoader<M> {
  /** The loaded module; undefined until `load()` has resolved once. */
  module: M | undefined;
  #loading: Promise<M> | undefined;

  /**
   * @param what Names the chunk in the console warning, e.g. `answer renderer`.
   * @param onLoaded Called once the module is there (the element re-renders).
   * @param importModule The dynamic `import()`.
   */
  constructor(
    private readonly what: string,
    private readonly onLoaded: (module: M) => void,
    private readonly importModule: () => Promise<M>,
  ) {}

  /** Loads the module once; a failed load is tried again on the next call. */
  load(): Promise<M> {
    this.#loading ??= this.importModule().then(
      (m) => {
        this.module = m;
        this.onLoaded(m);
        return m;
      },
      (e: unknown) => {
        this.#loading = undefined;
        console.warn(`quran-dai: ${this.what} failed to load (${(e as Error).message})`);
        throw e;
      },
    );
    return this.#loading;
  }
}
