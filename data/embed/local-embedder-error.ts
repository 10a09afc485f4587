/** Failures of the local (transformers.js) embedder, each with a message that says what to do. */
import { CodedError } from '../errors/coded-error.js';
export type LocalModelErrorCode =
  /** Model files are not where they should be. */
  | 'model-missing'
  /** The model's dimension differs from the one expected (index manifest or `--dims`). */
  | 'dims-mismatch'
  /** An index was built with another model or other prefixes than the loaded one. */
  | 'index-mismatch'
  /** The model produced vectors of the wrong shape or non-finite numbers. */
  | 'bad-output';

export class LocalModelError extends CodedError<LocalModelErrorCode> {
  override readonly name = 'LocalModelError';
  constructor(code: LocalModelErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}
