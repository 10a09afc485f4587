/** Fired when a verse's recitation starts playing. */
export interface QuranDaiPlayDetail {
  /** The verse, `S:A`. */
  readonly ref: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'quran-dai-play': CustomEvent<QuranDaiPlayDetail>;
  }
}
