/**
 * @module
 * Styles that travel with a lazy chunk (the answer renderer, the Topics view, the mosque's
 * documents) are adopted into the shadow root when their chunk arrives, so the first load
 * carries only what the first screen needs.
 */
import { adoptStyles, type CSSResult, type CSSResultOrNative } from 'lit';

export class LazyStyles {
  readonly #adopted: CSSResult[] = [];
  readonly #root: () => ShadowRoot | null;
  readonly #own: readonly CSSResultOrNative[];

  /** @param own The element's own styles: adopting replaces the list, so they are adopted again beside each new sheet. */
  constructor(root: () => ShadowRoot | null, own: readonly CSSResultOrNative[]) {
    this.#root = root;
    this.#own = own;
  }

  /** Adopts `sheet` once, after all the element's own styles (without them Urdu would lose its font and right-to-left arrows their mirroring). */
  adopt(sheet: CSSResult): void {
    const root = this.#root();
    if (!root || this.#adopted.includes(sheet)) return;
    this.#adopted.push(sheet);
    adoptStyles(root, [...this.#own, ...this.#adopted]);
  }
}
