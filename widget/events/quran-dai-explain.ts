/** Fired when a visitor asks the Da'i to explain a verse from its passage. */
export interface QuranDaiExplainDetail {
  /** The verse, `S:A`. */
  readonly ref: string;
  /** Its passage, `S:A-B`, same surah. */
  readonly passage: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'quran-dai-explain': CustomEvent<QuranDaiExplainDetail>;
  }
}
