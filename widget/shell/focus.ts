/**
 * @module
 * Where keyboard focus goes when the widget's controls change under it. Focus targets are found
 * by id or class, never through `part` names, so renaming a styling hook cannot break focus.
 */

/** Focuses `el` when it is on screen; false when there is nothing to focus. */
export function focusVisible(el: HTMLElement | null): boolean {
  if (!el || el.hidden) return false;
  el.focus();
  return true;
}

/**
 * When the focused control disappeared (buttons swap during an ask), moves focus to the first
 * of `candidates` on screen, but only when the visitor's focus was in the widget (or nowhere):
 * a visitor reading elsewhere on the page is never pulled back.
 */
export function keepFocusInside(host: HTMLElement, candidates: readonly (HTMLElement | null)[]): void {
  const root = host.shadowRoot;
  const active = root?.activeElement as HTMLElement | null | undefined;
  if (active && active.isConnected && !(active as HTMLButtonElement).disabled) return;
  const pageActive = host.ownerDocument.activeElement;
  if (pageActive !== host && pageActive !== host.ownerDocument.body) return;
  for (const el of candidates) if (focusVisible(el)) return;
}
