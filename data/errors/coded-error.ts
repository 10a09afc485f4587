/**
 * @module
 * The shape every error with a code shares (the corpus's, the site documents', the local
 * model's, the widget's data loading and proxy calls): a code a caller can switch on, a message
 * a person can act on, and the cause when there is one.
 */
export abstract class CodedError<Code extends string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}
