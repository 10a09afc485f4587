/**
 * The small, unhashed manifests (corpus and vector index) are the only files fetched on a
 * repeat visit: always revalidated (`no-cache`) so a new version is noticed at once.
 */
import { decodeJson } from '../../data/corpus/corpus-parts.js';
import { downloadBytes } from './download-bytes.js';

/** A manifest's JSON; `early` is the same request made before this code loaded (early-response.ts). */
export async function fetchManifestJson(url: string, signal?: AbortSignal, early?: Promise<Response>): Promise<unknown> {
  return decodeJson(await downloadBytes(url, { signal, cache: 'no-cache', ...(early ? { early } : {}) }));
}
