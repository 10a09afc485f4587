import { afterEach, describe, expect, it } from 'vitest';
import { fetchManifestJson } from './fetch-manifest.js';
import { requestCorpusManifestEarly, takeEarlyResponse } from './early-response.js';

const DATA = 'https://proxy.example/data';
const MANIFEST = `${DATA}/corpus/manifest.json`;
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  takeEarlyResponse(MANIFEST);
});

/** A fetch that records each request and answers with `answer`. */
function recordingFetch(answer: () => Promise<Response>) {
  const calls: { url: string; cache: RequestCache | undefined }[] = [];
  const fetchImpl = ((input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), cache: init?.cache });
    return answer();
  }) as typeof fetch;
  return { calls, fetchImpl };
}

describe('the corpus manifest asked for early', () => {
  it('should be asked for once, revalidated like the loader asks, and taken once', async () => {
    const early = recordingFetch(async () => new Response('{"v":1}'));
    requestCorpusManifestEarly(DATA, early.fetchImpl);
    requestCorpusManifestEarly(`${DATA}/`, early.fetchImpl);
    expect(early.calls).toStrictEqual([{ url: MANIFEST, cache: 'no-cache' }]);
    const later = recordingFetch(async () => new Response('{"v":2}'));
    globalThis.fetch = later.fetchImpl;
    // The loader's request takes the early response instead of asking again; the next one asks.
    expect(await fetchManifestJson(MANIFEST)).toStrictEqual({ v: 1 });
    expect(later.calls).toHaveLength(0);
    expect(await fetchManifestJson(MANIFEST)).toStrictEqual({ v: 2 });
    expect(later.calls).toStrictEqual([{ url: MANIFEST, cache: 'no-cache' }]);
  });

  it('should be asked for again by the loader when the early request failed', async () => {
    requestCorpusManifestEarly(DATA, recordingFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetchImpl);
    const later = recordingFetch(async () => new Response('{"v":3}'));
    globalThis.fetch = later.fetchImpl;
    expect(await fetchManifestJson(MANIFEST)).toStrictEqual({ v: 3 });
    expect(later.calls).toHaveLength(1);
  });

  it('should leave another URL to its own request', async () => {
    const early = recordingFetch(async () => new Response('{"v":1}'));
    requestCorpusManifestEarly(DATA, early.fetchImpl);
    const later = recordingFetch(async () => new Response('{"other":true}'));
    globalThis.fetch = later.fetchImpl;
    expect(await fetchManifestJson('https://cdn.example/data/corpus/manifest.json')).toStrictEqual({ other: true });
    expect(takeEarlyResponse(MANIFEST)).toBeDefined();
  });
});
