/** `GET {proxy}/api/config`: what the widget needs to boot (public data only). */
import type { WidgetConfig } from '../../data/contracts/widget-config.js';
import { proxyErrorFromResponse, ProxyError } from './proxy-error.js';
import { fetchFromProxy, proxyUrl } from './proxy-fetch.js';

export async function fetchWidgetConfig(proxy: string, fetchFn: typeof fetch, signal?: AbortSignal): Promise<WidgetConfig> {
  const url = proxyUrl(proxy, 'api/config');
  const res = await fetchFromProxy(fetchFn, url, { signal, headers: { accept: 'application/json' } }, 'loading the widget configuration');
  if (!res.ok) throw await proxyErrorFromResponse(res, 'loading the widget configuration');
  const body = (await res.json()) as Partial<WidgetConfig> | null;
  if (!body || typeof body !== 'object' || typeof body.chat !== 'boolean' || !('index' in body)) {
    throw new ProxyError(
      'bad-response',
      `${url} did not return a widget configuration ({corpusManifest, corpusVersion, index, chat}); is the proxy URL right?`,
      res.status,
    );
  }
  return body as WidgetConfig;
}
