/**
 * The language a widget inherits from the page: its own `lang`, else the nearest ancestor's,
 * crossing shadow roots to their hosts, up to `<html lang>`. Shoelace's localize controller
 * reads the host and `<html lang>`; a widget placed inside a `lang="ur"` section of an
 * English page (or inside another component's shadow root) should follow that section too.
 */

/** What is read from the DOM: each node's `lang` attribute and the way up. */
export interface LangNode {
  getAttribute(name: string): string | null;
  /** An element, a shadow root (whose `host` is followed), a document, or null. */
  readonly parentNode: unknown;
}

type Step = Partial<LangNode> & { readonly host?: unknown };

/** The nearest non-empty `lang` at or above `start`, or undefined when no ancestor sets one. */
export function inheritedLang(start: LangNode): string | undefined {
  // Each step goes strictly up (parent, or shadow root to host), so this ends at the document.
  for (let node = start as Step | undefined; node; node = (node.host ?? node.parentNode) as Step | undefined) {
    const lang = node.getAttribute?.('lang')?.trim();
    if (lang) return lang;
  }
  return undefined;
}
