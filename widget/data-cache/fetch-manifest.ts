/**
 * The small, unhashed manifests (corpus and vector index) are the only files fetched on a
 * repeat visit: always revalidated (`no-cache`) so a new version is noticed at once.
 */
import { decodeJson } from '../../data/corpus/corpus-parts.js';
import { downloadBytes } from './download-bytes.js';

/** Resolve `path` against `base`, which may itself be relative to the page. */
export function resolveUrl(path: string, base: string): string {
  return new URL(path, absoluteUrl(base)).href;
}

/** `url` made absolute against the page (outside a page it must already be absolute). */
export function absoluteUrl(url: string): string {
  const page = (globalThis as { location?: { href: string } }).location?.href;
  return new URL(url, page).href;
}

/** URL of the corpus manifest under the data base URL (`/data` → `/data/corpus/manifest.json`). */
export function corpusManifestUrl(dataBase: string): string {
  return resolveUrl('corpus/manifest.json', dataBase.endsWith('/') ? dataBase : `${dataBase}/`);
}

export async function fetchManifestJson(url: string, signal?: AbortSignal): Promise<unknown> {
  return decodeJson(await downloadBytes(url, { signal, cache: 'no-cache' }));
}
