/** `POST {proxy}/api/chat`: sends the question and verse references, returns the streamed parts. */
import type { ChatRequest } from '../../data/contracts/chat-request.js';
import { proxyErrorFromResponse, ProxyError } from '../api/proxy-error.js';
import { fetchFromProxy, proxyUrl } from '../api/proxy-fetch.js';
import { readChatStream, type ChatStreamPart } from './chat-stream.js';

export async function postChat(proxy: string, request: ChatRequest, fetchFn: typeof fetch, signal?: AbortSignal): Promise<AsyncGenerator<ChatStreamPart>> {
  const url = proxyUrl(proxy, 'api/chat');
  const res = await fetchFromProxy(
    fetchFn,
    url,
    { method: 'POST', signal, headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(request) },
    'asking for an answer',
  );
  if (!res.ok) throw await proxyErrorFromResponse(res, 'asking for an answer', true);
  if (!res.body) throw new ProxyError('bad-response', 'the proxy answered /api/chat without a body', res.status);
  return readChatStream(res.body, signal);
}
