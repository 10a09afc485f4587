/**
 * Why the data could not be loaded at all (first visit, offline, server error). A cached
 * copy always wins over this error: it is thrown only when there is nothing to show.
 */
import { CodedError } from '../../data/errors/coded-error.js';
export type DataLoadErrorCode = 'network' | 'http' | 'no-cache' | 'corrupt-data';

export class DataLoadError extends CodedError<DataLoadErrorCode> {
  override readonly name = 'DataLoadError';
  constructor(
    code: DataLoadErrorCode,
    message: string,
    /** HTTP status for code `http`. */
    readonly status?: number,
  ) {
    super(code, message);
  }
}
