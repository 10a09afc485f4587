/**
 * Why the data could not be loaded at all (first visit, offline, server error). A cached
 * copy always wins over this error: it is thrown only when there is nothing to show.
 */
export type DataLoadErrorCode = 'network' | 'http' | 'no-cache' | 'corrupt-data';

export class DataLoadError extends Error {
  override readonly name = 'DataLoadError';
  constructor(
    readonly code: DataLoadErrorCode,
    message: string,
    /** HTTP status for code `http`. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** True for the error `fetch` and our readers throw when the caller's signal aborts. */
export function isAbortError(e: unknown): boolean {
  return (e as { name?: unknown } | null)?.name === 'AbortError';
}
