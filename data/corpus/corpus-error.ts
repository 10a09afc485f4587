/** Why a reference or lookup failed; stable codes so UIs and the proxy can map them. */
import { CodedError } from '../errors/coded-error.js';
export type CorpusErrorCode =
  | 'invalid-format'
  | 'surah-out-of-range'
  | 'ayah-out-of-range'
  | 'range-reversed'
  | 'range-crosses-surah'
  | 'unknown-surah-name'
  | 'missing-part'
  | 'corrupt-data';

/** Typed error for every corpus failure; the message always says what to do. */
export class CorpusError extends CodedError<CorpusErrorCode> {
  override readonly name = 'CorpusError';
  constructor(
    code: CorpusErrorCode,
    message: string,
    /** The offending input, for logs and field-level error messages. */
    readonly input?: string,
  ) {
    super(code, message);
  }
}
