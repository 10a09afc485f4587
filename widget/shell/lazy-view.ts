/**
 * @module
 * A view whose module is loaded when it is first needed, not in the first load (which carries
 * only what the first screen shows). The element re-renders when it arrives; a failed load is
 * tried again on the next update.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { ModuleLoader } from './module-loader.js';

export class LazyView<M> implements ReactiveController {
  readonly #loader: ModuleLoader<M>;
  readonly #needed: () => boolean;

  /**
   * @param what Names the view in the console warning when its chunk cannot be loaded.
   * @param importModule The dynamic `import()` of the view's module.
   * @param needed Whether the view may be shown soon (checked on every update): its module is loaded then.
   */
  constructor(host: ReactiveControllerHost, what: string, importModule: () => Promise<M>, needed: () => boolean) {
    this.#loader = new ModuleLoader(what, () => host.requestUpdate(), importModule);
    this.#needed = needed;
    host.addController(this);
  }

  /** The loaded module; undefined until it has arrived. */
  get module(): M | undefined {
    return this.#loader.module;
  }

  hostUpdate(): void {
    if (!this.module && this.#needed()) void this.load();
  }

  /** Loads the module once; resolves to undefined (the warning is on the console) when it could not be loaded. */
  load(): Promise<M | undefined> {
    return this.#loader.load().catch(() => undefined);
  }
}
