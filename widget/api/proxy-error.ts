/**
 * Failures talking to the proxy, classified once so the UI can say something useful:
 * rate limited (with the wait), proxy unreachable, chat not configured, or any other HTTP error.
 */
import { CodedError } from '../../data/errors/coded-error.js';
import { retryAfterSeconds } from '../../data/http/retry-after.js';

export type ProxyErrorCode = 'rate-limited' | 'proxy-down' | 'chat-not-configured' | 'http-error' | 'bad-response';

export class ProxyError extends CodedError<ProxyErrorCode> {
  override readonly name = 'ProxyError';
  constructor(
    code: ProxyErrorCode,
    message: string,
    readonly status?: number,
    /** Seconds to wait, from `Retry-After` (429). */
    readonly retryAfterSeconds?: number,
  ) {
    super(code, message);
  }
}

/** The proxy's JSON error body, read leniently: `{error:{code,message}}`, `{error:"..."}` or `{message}`. */
async function readErrorBody(res: Response): Promise<{ code?: string; message?: string }> {
  try {
    const body: unknown = await res.json();
    if (!body || typeof body !== 'object') return {};
    const b = body as Record<string, unknown>;
    const err = b.error;
    if (typeof err === 'string') return { message: err, ...(typeof b.code === 'string' ? { code: b.code } : {}) };
    if (err && typeof err === 'object') {
      const e = err as Record<string, unknown>;
      return {
        ...(typeof e.message === 'string' ? { message: e.message } : {}),
        ...(typeof e.code === 'string' ? { code: e.code } : {}),
      };
    }
    return {
      ...(typeof b.message === 'string' ? { message: b.message } : {}),
      ...(typeof b.code === 'string' ? { code: b.code } : {}),
    };
  } catch {
    return {};
  }
}

/** Turn a non-OK response into a `ProxyError`. `isChat` maps 503 to "chat not configured". */
export async function proxyErrorFromResponse(res: Response, what: string, isChat = false): Promise<ProxyError> {
  const body = await readErrorBody(res);
  const detail = body.message ? `: ${body.message}` : '';
  // The site's hourly spending budget used up is a wait too, as long as the proxy says.
  if (res.status === 429 || (res.status === 503 && (body.code === 'upstream-rate-limited' || body.code === 'budget-exhausted'))) {
    const wait = retryAfterSeconds(res.headers.get('retry-after'));
    return new ProxyError('rate-limited', `${what} was rate limited${detail}`, res.status, wait);
  }
  // The proxy says `chat-not-configured`; an older or foreign proxy may send a bare 503.
  if (isChat && res.status === 503 && (body.code === undefined || body.code === 'chat-not-configured')) {
    return new ProxyError('chat-not-configured', `${what}: no LLM provider is configured on the proxy${detail}`, 503);
  }
  return new ProxyError('http-error', `${what} failed with HTTP ${res.status}${detail}`, res.status);
}
