/**
 * @module
 * A view whose module is loaded when it is first needed, not in the first load (which carries
 * only what the first screen shows). The element re-renders when it arrives; a failed load is
 * tried again on the next update.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';

export class LazyView<M> implements ReactiveController {
  /** The loaded module; undefined until it has arrived. */
  module: M | undefined;
  #loading: Promise<M | undefined> | undefined;
  readonly #host: ReactiveControllerHost;
  readonly #import: () => Promise<M>;
  readonly #needed: () => boolean;

  /**
   * @param importModule The dynamic `import()` of the view's module.
   * @param needed Whether the view may be shown soon (checked on every update): its module is loaded then.
   */
  constructor(host: ReactiveControllerHost, importModule: () => Promise<M>, needed: () => boolean) {
    this.#host = host;
    this.#import = importModule;
    this.#needed = needed;
    host.addController(this);
  }

  hostUpdate(): void {
    if (!this.module && this.#needed()) void this.load();
  }

  /** Loads the module once; resolves to undefined (with a console warning) when it could not be loaded. */
  load(): Promise<M | undefined> {
    this.#loading ??= this.#import().then(
      (m) => {
        this.module = m;
        this.#host.requestUpdate();
        return m;
      },
      (e: unknown) => {
        this.#loading = undefined;
        console.warn(`quran-dai: a part of the widget failed to load (${(e as Error).message}); it is tried again on the next question`);
        return undefined;
      },
    );
    return this.#loading;
  }
}
