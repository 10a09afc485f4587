/** Why something failed; stable codes a host page can switch on. */
export type QuranDaiErrorCode =
  | 'not-configured'
  | 'config-failed'
  | 'data-failed'
  | 'embed-failed'
  | 'rate-limited'
  | 'proxy-down'
  | 'chat-not-configured'
  | 'chat-failed'
  | 'search-failed';

/** Fired on every failure; the verses found so far stay on screen. */
export interface QuranDaiErrorDetail {
  readonly code: QuranDaiErrorCode;
  readonly message: string;
  /** HTTP status, when the failure was an HTTP response. */
  readonly status?: number;
  /** Seconds to wait before asking again (rate limit), from `Retry-After`. */
  readonly retryAfterSeconds?: number;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'quran-dai-error': CustomEvent<QuranDaiErrorDetail>;
  }
}
