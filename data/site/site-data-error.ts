/** Why the site artefact could not be read; the message always says what to do. */
export type SiteDataErrorCode = 'missing' | 'corrupt-data';

export class SiteDataError extends Error {
  override readonly name = 'SiteDataError';
  constructor(
    readonly code: SiteDataErrorCode,
    message: string,
  ) {
    super(message);
  }
}
