/**
 * @module
 * Maps whatever an upstream call throws (HTTP status errors, network drops, timeouts,
 * unparsable chunks) to a stable code and a visitor-safe sentence. Upstream messages are
 * never passed on: they can echo request details, including keys.
 */

export type UpstreamErrorCode =
  | 'upstream-rate-limited'
  | 'upstream-unauthorized'
  | 'upstream-timeout'
  | 'upstream-error'
  | 'upstream-filtered'
  | 'upstream-incomplete';

export interface UpstreamFailure {
  readonly code: UpstreamErrorCode;
  /** Safe to show to a visitor. */
  readonly message: string;
  /** Upstream HTTP status, when there was one. */
  readonly status?: number;
}

export const UPSTREAM_MESSAGES: Readonly<Record<UpstreamErrorCode, string>> = {
  'upstream-rate-limited': 'The answer service is busy right now. Please try again in a minute; the verses above are still yours to read.',
  'upstream-unauthorized':
    'The answer service is not available at the moment (the site owner needs to check its configuration). The verses above are still shown.',
  'upstream-timeout': 'The answer took too long to arrive. Please try again; the verses above are still shown.',
  'upstream-error': 'The answer could not be completed. Please try again; the verses above are still shown.',
  'upstream-filtered': 'The answer service declined to answer this question. The verses above are still shown; a local scholar or imam can help further.',
  'upstream-incomplete': 'The answer could not be completed. Please try again; the verses above are still shown.',
};

export function classifyUpstreamError(error: unknown): UpstreamFailure {
  const status = statusOf(error);
  if (status === 429) return failure('upstream-rate-limited', status);
  if (status === 401 || status === 403) return failure('upstream-unauthorized', status);
  if (isTimeout(error)) return failure('upstream-timeout');
  return failure('upstream-error', status);
}

export function timeoutFailure(): UpstreamFailure {
  return failure('upstream-timeout');
}

/**
 * An upstream that ended "successfully" without a whole answer: blocked by its safety or
 * recitation filter (`content-filter`), cut at its token limit (`length`), or no text at all
 * (a reasoning model that spent its budget thinking). Undefined for a whole answer.
 */
export function incompleteAnswerFailure(finishReason: string | undefined, hasText: boolean): UpstreamFailure | undefined {
  if (finishReason === 'content-filter') return failure('upstream-filtered');
  if (finishReason === 'length' || !hasText) return failure('upstream-incomplete');
  return undefined;
}

function failure(code: UpstreamErrorCode, status?: number): UpstreamFailure {
  return { code, message: UPSTREAM_MESSAGES[code], ...(status === undefined ? {} : { status }) };
}

/** What an error in the AI SDK's chain may carry (its own errors, fetch's, a RetryError's list). */
interface ErrorLink {
  readonly statusCode?: unknown;
  readonly status?: unknown;
  readonly cause?: unknown;
  readonly lastError?: unknown;
  readonly errors?: unknown;
  readonly name?: unknown;
  readonly message?: unknown;
}

function statusOf(error: unknown): number | undefined {
  for (let e = error as ErrorLink | undefined, depth = 0; e && depth < 5; e = (e.cause ?? e.lastError) as ErrorLink | undefined, depth++) {
    const s = e.statusCode ?? e.status;
    if (typeof s === 'number' && s >= 400) return s;
    if (Array.isArray(e.errors) && e.errors.length) e = { cause: e.errors[e.errors.length - 1] }; // RetryError
  }
  return undefined;
}

function isTimeout(error: unknown): boolean {
  for (let e = error as ErrorLink | undefined, depth = 0; e && depth < 5; e = e.cause as ErrorLink | undefined, depth++) {
    if (e.name === 'TimeoutError' || /timeout|timed out/i.test(String(e.message ?? e))) return true;
  }
  return false;
}
