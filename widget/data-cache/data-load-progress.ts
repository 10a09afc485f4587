/** Progress of `loadQuranData`, reported so the widget can draw its progress bar. */
export type DataLoadPhase = 'download' | 'verify' | 'store' | 'read';

export interface DataLoadProgress {
  /** Bytes (download) or files (verify, store, read) done so far. */
  readonly loaded: number;
  readonly total: number;
  readonly phase: DataLoadPhase;
}

export type DataLoadProgressListener = (p: DataLoadProgress) => void;
