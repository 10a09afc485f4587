/**
 * The answer renderer (parse, check, render), loaded on first need so it stays out of the
 * first-load bundle. Until it arrives an answer is shown as plain text.
 */
export type AnswerViewModule = typeof import('./answer-view.js');

export class AnswerModuleLoader {
  /** The loaded module; undefined until `load()` has resolved once. */
  module: AnswerViewModule | undefined;
  #loading: Promise<AnswerViewModule> | undefined;

  /**
   * @param onLoaded Called once the module is there (the element re-renders its answers).
   * @param importModule The dynamic import; replaced only in tests.
   */
  constructor(
    private readonly onLoaded: () => void,
    private readonly importModule: () => Promise<AnswerViewModule> = () => import('./answer-view.js'),
  ) {}

  /** Loads the module once; a failed load is tried again on the next call. */
  load(): Promise<AnswerViewModule> {
    this.#loading ??= this.importModule().then(
      (m) => {
        this.module = m;
        this.onLoaded();
        return m;
      },
      (e: unknown) => {
        // The answer stays readable as plain text; try the chunk again next time.
        this.#loading = undefined;
        console.warn(`quran-dai: answer renderer failed to load (${(e as Error).message})`);
        throw e;
      },
    );
    return this.#loading;
  }
}
