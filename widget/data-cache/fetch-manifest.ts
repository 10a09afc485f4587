/**
 * The small, unhashed manifests (corpus and vector index) are the only files fetched on a
 * repeat visit: always revalidated (`no-cache`) so a new version is noticed at once.
 */
import { decodeJson } from '../../data/corpus/corpus-parts.js';
import { downloadBytes } from './download-bytes.js';
import { takeEarlyResponse } from './early-response.js';

export async function fetchManifestJson(url: string, signal?: AbortSignal): Promise<unknown> {
  // The corpus manifest may have been asked for already, before this code had loaded (early-response.ts).
  const early = takeEarlyResponse(url);
  return decodeJson(await downloadBytes(url, { signal, cache: 'no-cache', ...(early ? { early } : {}) }));
}
