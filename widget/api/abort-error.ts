/** True for the error `fetch` and the widget's readers throw when the caller's signal aborts (a DOMException or its like). */
export function isAbortError(e: unknown): boolean {
  return (e as { name?: unknown } | null)?.name === 'AbortError';
}
