import { afterEach, describe, expect, it } from 'vitest';
import { fetchManifestJson } from './fetch-manifest.js';
import { requestCorpusManifestEarly, takeEarlyCorpusManifest } from './early-response.js';

const DATA = 'https://proxy.example/data';
const MANIFEST = `${DATA}/corpus/manifest.json`;
const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
  takeEarlyCorpusManifest(DATA);
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
  it('should be asked for once, revalidated like the loader asks, and handed over once', async () => {
    const early = recordingFetch(async () => new Response('{"v":1}'));
    requestCorpusManifestEarly(DATA, early.fetchImpl);
    requestCorpusManifestEarly(`${DATA}/`, early.fetchImpl);
    expect(early.calls).toStrictEqual([{ url: MANIFEST, cache: 'no-cache' }]);
    const later = recordingFetch(async () => new Response('{"v":2}'));
    globalThis.fetch = later.fetchImpl;
    // The loader reads the early response instead of asking again; without one it asks.
    expect(await fetchManifestJson(MANIFEST, undefined, takeEarlyCorpusManifest(DATA))).toStrictEqual({ v: 1 });
    expect(later.calls).toHaveLength(0);
    expect(takeEarlyCorpusManifest(DATA)).toBeUndefined();
    expect(await fetchManifestJson(MANIFEST, undefined, takeEarlyCorpusManifest(DATA))).toStrictEqual({ v: 2 });
    expect(later.calls).toStrictEqual([{ url: MANIFEST, cache: 'no-cache' }]);
  });

  it('should be asked for again by the loader when the early request failed', async () => {
    requestCorpusManifestEarly(DATA, recordingFetch(() => Promise.reject(new TypeError('Failed to fetch'))).fetchImpl);
    const later = recordingFetch(async () => new Response('{"v":3}'));
    globalThis.fetch = later.fetchImpl;
    expect(await fetchManifestJson(MANIFEST, undefined, takeEarlyCorpusManifest(DATA))).toStrictEqual({ v: 3 });
    expect(later.calls).toHaveLength(1);
  });

  it('should be kept for its own data folder only', () => {
    requestCorpusManifestEarly(DATA, recordingFetch(async () => new Response('{}')).fetchImpl);
    expect(takeEarlyCorpusManifest('https://cdn.example/data')).toBeUndefined();
    expect(takeEarlyCorpusManifest(DATA)).toBeDefined();
  });
});
