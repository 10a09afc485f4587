/**
 * @module
 * A refused attribute value is written to the console once, not on every render: the site
 * owner reads it while setting the widget up; the visitor's console is not flooded.
 */
export class OnceWarnings {
  readonly #written = new Set<string>();

  warn(warning: string): void {
    if (this.#written.has(warning)) return;
    this.#written.add(warning);
    console.warn(warning);
  }
}
