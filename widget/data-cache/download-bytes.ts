/**
 * Fetch one file as bytes, streaming the body so progress is reported per chunk
 * (a 1 MB translation on a slow phone link should move the bar, not jump at the end).
 */
import { DataLoadError } from './data-load-error.js';
import { isAbortError } from '../api/abort-error.js';

export interface DownloadBytesOptions {
  /** Called with the number of new bytes after each chunk. */
  onBytes?: (delta: number) => void;
  signal?: AbortSignal;
  /** `RequestInit.cache`; hashed files use the default, manifests use `no-cache`. */
  cache?: RequestCache;
  /** The same request made earlier (early-response.ts): used instead of asking again, unless it failed. */
  early?: Promise<Response>;
}

export async function downloadBytes(url: string, options: DownloadBytesOptions = {}): Promise<Uint8Array> {
  let response: Response;
  try {
    response = (await options.early?.catch(() => undefined)) ?? (await fetch(url, { signal: options.signal, cache: options.cache }));
  } catch (e) {
    if (isAbortError(e)) throw e;
    throw new DataLoadError('network', `could not download ${url} (${(e as Error).message}); check the connection or the widget's data URL`);
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    throw new DataLoadError(
      'http',
      `${url} answered HTTP ${response.status}; check that the proxy serves the built data (npm run build:corpus)`,
      response.status,
    );
  }
  if (!response.body) {
    const bytes = new Uint8Array(await response.arrayBuffer());
    options.onBytes?.(bytes.byteLength);
    return bytes;
  }
  return readAll(response.body, options.onBytes);
}

async function readAll(body: ReadableStream<Uint8Array>, onBytes?: (delta: number) => void): Promise<Uint8Array> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    total += value.byteLength;
    onBytes?.(value.byteLength);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.byteLength;
  }
  return out;
}
