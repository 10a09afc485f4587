/** Fired once the corpus (and the vector index, when there is one) is loaded and searchable. */
export interface QuranDaiReadyDetail {
  readonly corpusVersion: string;
  /** True when the data came from IndexedDB (no download). */
  readonly fromCache: boolean;
  /** Vector index id, or null when only keyword search is available. */
  readonly indexId: string | null;
  /** True when the proxy says written answers are available. */
  readonly chat: boolean;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'quran-dai-ready': CustomEvent<QuranDaiReadyDetail>;
  }
}
