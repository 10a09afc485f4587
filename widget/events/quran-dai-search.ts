import type { SearchKind } from '../../data/search/search-result.js';

/** Fired each time the verse list changes: after keyword search, then after the fused search. */
export interface QuranDaiSearchDetail {
  readonly query: string;
  readonly kind: SearchKind;
  readonly stage: 'lexical' | 'hybrid' | 'direct';
  readonly count: number;
  /** The verses shown, best first, as `S:A`. */
  readonly refs: readonly string[];
}

declare global {
  interface GlobalEventHandlersEventMap {
    'quran-dai-search': CustomEvent<QuranDaiSearchDetail>;
  }
}
