/**
 * `POST {proxy}/api/feedback`: a visitor's 👍/👎 on an answer, sent only when `/api/config`
 * says the proxy collects feedback. The rating has already been fired as the
 * `quran-dai-feedback` event, so a failure here costs the visitor nothing: callers log it.
 */
import type { FeedbackRequest } from '../../data/contracts/feedback-request.js';
import { proxyErrorFromResponse } from './proxy-error.js';
import { fetchFromProxy, proxyUrl } from './proxy-fetch.js';

export async function postFeedback(proxy: string, feedback: FeedbackRequest, fetchFn: typeof fetch, signal?: AbortSignal): Promise<void> {
  const res = await fetchFromProxy(
    fetchFn,
    proxyUrl(proxy, 'api/feedback'),
    { method: 'POST', signal, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(feedback) },
    'sending feedback',
  );
  if (!res.ok) throw await proxyErrorFromResponse(res, 'sending feedback');
  await res.body?.cancel();
}
