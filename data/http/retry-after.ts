/**
 * @module
 * The wait a server asks for before a retry, read one way wherever it is read (the widget's
 * rate-limit notice, the proxy's LLM retries, the embedders' backoff): `retry-after-ms`
 * (OpenAI-compatible servers), else `Retry-After` as seconds (`120`) or an HTTP date.
 */

/** `Retry-After` as whole seconds: a delay or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(value: string | null | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  // An HTTP date names its month ("Sun, 29 Nov 2026 12:00:30 GMT"); a bare "-5" is no date.
  const at = /[a-z]/i.test(trimmed) ? Date.parse(trimmed) : NaN;
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - now) / 1000));
}

/** The wait the response headers ask for, in ms (`retry-after-ms` first); undefined when they ask for none. */
export function requestedRetryMs(headers: Readonly<Record<string, string | undefined>>, now = Date.now()): number | undefined {
  const ms = headers['retry-after-ms']?.trim();
  if (ms && /^\d+(\.\d+)?$/.test(ms)) return Number(ms);
  const seconds = retryAfterSeconds(headers['retry-after'], now);
  return seconds === undefined ? undefined : seconds * 1000;
}
