/**
 * Where the widget's data files are, from the data folder's URL (which may be relative to the page).
 * Small and free of the loader's code: the element needs the corpus manifest's URL before that loads.
 */

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
