/**
 * `POST {proxy}/api/suggest`: the LLM's retrieval suggestion for a question, checked again here
 * against the corpus the widget shows. It only ever adds to the search, so every failure (a
 * timeout, an error status, a reply that is not a suggestion) is the empty suggestion: logged
 * on the console for the site owner, never shown to the visitor.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import type { SuggestRequest, SuggestResponse } from '../../data/contracts/suggest-request.js';
import { checkSuggestion, EMPTY_SUGGESTION } from '../../data/assist/retrieval-suggestion.js';
import { proxyUrl } from './proxy-fetch.js';

/** The longest the verses wait for a suggestion before the answer is asked for without it. */
export const SUGGEST_WAIT_MS = 5000;

export async function fetchSuggestion(
  proxy: string,
  request: SuggestRequest,
  corpus: Corpus,
  fetchFn: typeof fetch,
  signal: AbortSignal,
  waitMs: number = SUGGEST_WAIT_MS,
): Promise<SuggestResponse> {
  try {
    const res = await fetchFn(proxyUrl(proxy, 'api/suggest'), {
      method: 'POST',
      signal: AbortSignal.any([signal, AbortSignal.timeout(waitMs)]),
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(request),
    });
    if (!res.ok) {
      console.info(`quran-dai: no retrieval suggestion (HTTP ${res.status}); the verses are from the search alone`);
      return EMPTY_SUGGESTION;
    }
    return checkSuggestion(await res.json(), corpus);
  } catch (e) {
    if (!signal.aborted) console.info(`quran-dai: no retrieval suggestion (${(e as Error).message}); the verses are from the search alone`);
    return EMPTY_SUGGESTION;
  }
}
