/** Why the site artefact could not be read; the message always says what to do. */
import { CodedError } from '../errors/coded-error.js';
export type SiteDataErrorCode = 'missing' | 'corrupt-data';

export class SiteDataError extends CodedError<SiteDataErrorCode> {
  override readonly name = 'SiteDataError';
  constructor(code: SiteDataErrorCode, message: string) {
    super(code, message);
  }
}
