/**
 * The corpus manifest asked for before the code that reads it has loaded. The element asks for
 * it as soon as it knows where the data is, beside its config request and the download of the
 * data code, and the loader takes that response instead of asking again: on a slow phone link the
 * first results come one round trip sooner. Small on purpose: it is in the element's first bundle.
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

/** The response asked for early for `url`, once; undefined when there is none. */
export function takeEarlyResponse(url: string): Promise<Response> | undefined {
  const response = early.get(url);
  early.delete(url);
  return response;
}
