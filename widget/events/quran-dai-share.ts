/** Fired when a visitor shares an answer or a verse. */
export interface QuranDaiShareDetail {
  readonly kind: 'answer' | 'verse';
  /** For an answer: its question; for a verse: its reference `S:A`. */
  readonly subject: string;
  /** `share`: the browser's share sheet opened; `copy`: copied to the clipboard instead. */
  readonly method: 'share' | 'copy';
}

declare global {
  interface GlobalEventHandlersEventMap {
    'quran-dai-share': CustomEvent<QuranDaiShareDetail>;
  }
}
