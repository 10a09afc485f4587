/**
 * The retry loop every remote embedder shares (Gemini, OpenAI-compatible servers): retry what
 * the AI SDK calls retryable (408/409/429/5xx) and network drops, back off exponentially, and
 * wait as long as the server asks when it says so.
 *
 * Why our own loop instead of the AI SDK's `maxRetries`: the SDK's backoff starts at 2 s and is
 * not configurable, which makes builds against a fake server slow to test and gives no control
 * per batch. No `node:` imports: it runs in Node, Workers and edge runtimes.
 */
import { APICallError } from 'ai';
import { requestedRetryMs } from '../http/retry-after.js';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  readonly maxRetries: number;
  /** First backoff delay; doubles per retry. A server-given delay wins. */
  readonly retryDelayMs: number;
  /** Longest single wait. */
  readonly maxRetryDelayMs: number;
}

export interface RetryHooks {
  readonly signal?: AbortSignal | undefined;
  /** The error to throw when the caller aborts. */
  aborted(cause?: unknown): Error;
  /** The error to throw when retrying stops (`retries` made so far). */
  fail(error: unknown, retries: number): Error;
  /** Errors that must never be retried (already final, e.g. a dimension mismatch). */
  isFinal?(error: unknown): boolean;
}

export async function withEmbedRetries<T>(call: () => Promise<T>, policy: RetryPolicy, hooks: RetryHooks): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (hooks.signal?.aborted) throw hooks.aborted(error);
      if (hooks.isFinal?.(error) || !isRetryableUpstreamError(error) || attempt >= policy.maxRetries) throw hooks.fail(error, attempt);
      await sleep(retryDelay(policy, error, attempt), hooks.signal, hooks.aborted);
    }
  }
}

export function retryDelay(policy: RetryPolicy, error: unknown, attempt: number): number {
  const backoff = Math.min(policy.maxRetryDelayMs, policy.retryDelayMs * 2 ** attempt);
  const asked = serverRetryDelayMs(error);
  return asked === undefined ? backoff : Math.min(policy.maxRetryDelayMs, asked);
}

/**
 * The wait the server asked for: Google's quota 429s carry a `google.rpc.RetryInfo` detail
 * (`"retryDelay": "23s"`); other servers and proxies send `Retry-After` or `retry-after-ms` (data/http/retry-after.ts).
 */
export function serverRetryDelayMs(error: unknown): number | undefined {
  if (!APICallError.isInstance(error)) return undefined;
  const details = (error.data as { error?: { details?: unknown } } | undefined)?.error?.details;
  if (Array.isArray(details)) {
    for (const d of details as Array<{ '@type'?: unknown; retryDelay?: unknown }>) {
      const m = typeof d?.retryDelay === 'string' && String(d['@type']).endsWith('RetryInfo') ? /^(\d+(?:\.\d+)?)s$/.exec(d.retryDelay) : null;
      if (m) return Number(m[1]) * 1000;
    }
  }
  return requestedRetryMs(error.responseHeaders ?? {});
}

export function isRetryableUpstreamError(error: unknown): boolean {
  if (APICallError.isInstance(error)) return error.isRetryable;
  // fetch network failures (connection refused/reset) surface as TypeError.
  return error instanceof TypeError;
}

function sleep(ms: number, signal: AbortSignal | undefined, aborted: (cause?: unknown) => Error): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(aborted());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
