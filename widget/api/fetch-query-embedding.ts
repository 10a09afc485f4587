/** `POST {proxy}/api/embed`: the query vector for the vector index the widget loaded. */
import type { EmbedRequest, EmbedResponse } from '../../data/contracts/embed-request.js';
import { proxyErrorFromResponse, ProxyError } from './proxy-error.js';
import { fetchFromProxy, proxyUrl } from './proxy-fetch.js';

export async function fetchQueryEmbedding(
  proxy: string,
  text: string,
  expected: { indexId: string; dims: number },
  fetchFn: typeof fetch,
  signal?: AbortSignal,
): Promise<Float32Array> {
  const url = proxyUrl(proxy, 'api/embed');
  const body: EmbedRequest = { text };
  const res = await fetchFromProxy(
    fetchFn,
    url,
    { method: 'POST', signal, headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) },
    'embedding the question',
  );
  if (!res.ok) throw await proxyErrorFromResponse(res, 'embedding the question');
  const json = (await res.json()) as Partial<EmbedResponse> | null;
  const embedding = json?.embedding;
  if (!Array.isArray(embedding) || embedding.length !== expected.dims || json?.indexId !== expected.indexId) {
    throw new ProxyError(
      'bad-response',
      `the proxy embedded for index ${String(json?.indexId)} with ${Array.isArray(embedding) ? embedding.length : 0} dims; the widget loaded ${expected.indexId} (${expected.dims} dims). Rebuild or redeploy so they match.`,
      res.status,
    );
  }
  return Float32Array.from(embedding);
}
