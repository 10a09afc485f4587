/**
 * The corpus manifest asked for before the code that reads it has loaded. The element asks for
 * it as soon as its config says where the data is, while the data code downloads, and hands
 * that response to the loader instead of it asking again: on a slow phone
 * link the first results come one round trip sooner. Small, and imported by no loader module, so
 * it stays in the element's first script and waits for no chunk.
 */
import { corpusManifestUrl } from './data-urls.js';

const early = new Map<string, Promise<Response>>();

/** Asks for the corpus manifest under `dataBase` now (once per URL until the loader takes it), revalidated as the loader would (`no-cache`). */
export function requestCorpusManifestEarly(dataBase: string, fetchImpl: typeof fetch = (input, init) => globalThis.fetch(input, init)): void {
  const url = corpusManifestUrl(dataBase);
  if (early.has(url)) return;
  const response = fetchImpl(url, { cache: 'no-cache' });
  // A failure is the loader's to report (it asks again): none is left unhandled if it never comes for it.
  response.catch(() => undefined);
  early.set(url, response);
}

/** The corpus manifest's response asked for early under `dataBase`, once; undefined when there is none. */
export function takeEarlyCorpusManifest(dataBase: string): Promise<Response> | undefined {
  const url = corpusManifestUrl(dataBase);
  const response = early.get(url);
  early.delete(url);
  return response;
}
