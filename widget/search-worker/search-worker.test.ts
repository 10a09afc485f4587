/**
 * The worker entry run in Node: `self` is a stand-in that records what the worker posts, and
 * IndexedDB is fake-indexeddb (the worker opens the data database itself, like in a browser).
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Corpus } from '../../data/corpus/corpus.js';
import { cacheVersionOf } from '../data-cache/cache-version.js';
import { createDataFetchStub, STUB_DATA_BASE } from '../testing/data-fetch-stub.js';
import { DATA_DB_NAME } from '../data-cache/idb-data-store.js';
import { loadQuranData } from '../data-cache/load-quran-data.js';
import { forgetPageMemoryStore } from '../data-cache/memory-data-store.js';
import { forgetOpenedDataStores } from '../data-cache/open-data-stores.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { SearchWorkerInit, SearchWorkerRequest, SearchWorkerResponse } from './search-worker-protocol.js';
import { preparedTracks } from './start-search-worker.js';

let corpus: Corpus;

beforeEach(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('fetch', createDataFetchStub().fetch);
  forgetOpenedDataStores();
  forgetPageMemoryStore();
  // The page has loaded (and stored) the corpus before it starts the worker.
  corpus = (await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] })).corpus;
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** A freshly loaded worker (a new page's worker) and a counter of its BM25 builds. */
async function startWorker() {
  vi.resetModules();
  const { Bm25Index } = await import('../../data/search/index/bm25-index.js');
  const build = vi.spyOn(Bm25Index, 'build');
  const posted: SearchWorkerResponse[] = [];
  const self: { postMessage(m: SearchWorkerResponse): void; onmessage?: (e: { data: SearchWorkerRequest }) => Promise<void> } = {
    postMessage: (m) => posted.push(m),
  };
  vi.stubGlobal('self', self);
  await import('./search-worker.js');
  const send = (data: SearchWorkerRequest) => self.onmessage!({ data });
  const next = async (type: SearchWorkerResponse['type']) => {
    await vi.waitFor(() => expect(posted.map((m) => m.type)).toContain(type), { timeout: 10_000 });
    return posted.splice(
      posted.findIndex((m) => m.type === type),
      1,
    )[0]!;
  };
  return { send, next, build };
}

function initMessage(extra: Partial<SearchWorkerInit> = {}): SearchWorkerInit {
  return {
    type: 'init',
    manifest: corpus.manifest,
    surahs: corpus.surahs,
    arabic: { track: 'arabic', name: 'arabic', texts: corpus.trackTexts('arabic') },
    tracks: { en: { track: 'en', name: 'en', texts: corpus.trackTexts('en') } },
    vectors: null,
    prepare: ['en', 'arabic-search'],
    ...extra,
  };
}

async function snapshotKeys(): Promise<string[]> {
  const db = await openDB(DATA_DB_NAME);
  try {
    return ((await db.getAllKeys('parts')) as string[][])
      .map((k) => k.join('/'))
      .filter((k) => k.includes('/lexical-'))
      .sort();
  } finally {
    db.close();
  }
}

const BOTH = (version: string) => [`corpus/${version}/lexical-arabic-search`, `corpus/${version}/lexical-en`];
/** The key the corpus is cached under (its version and files' hashes). */
const cached = () => cacheVersionOf(corpus.manifest);

describe('when the worker starts on a first visit', () => {
  it('should build both indexes, say ready, then store their snapshots in IndexedDB', async () => {
    const worker = await startWorker();
    await worker.send(initMessage());
    expect(await worker.next('ready')).toMatchObject({ type: 'ready', restored: [] });
    expect(worker.build).toHaveBeenCalledTimes(4); // English + Arabic light stems, roots and 4-grams
    await vi.waitFor(async () => expect(await snapshotKeys()).toEqual(BOTH(cached())), { timeout: 10_000 });
  });
});

describe('when the page loaded one translation other than English', () => {
  it('should index that translation and the Arabic at start, and answer in the worker', async () => {
    const french = (await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['fr'] })).corpus;
    expect([french.hasTrack('en'), french.hasTrack('fr')]).toStrictEqual([false, true]);
    const prepare = preparedTracks(french);
    expect(prepare).toStrictEqual(['fr', 'arabic-search']);
    const worker = await startWorker();
    await worker.send(initMessage({ tracks: { fr: { track: 'fr', name: 'fr', texts: french.trackTexts('fr') } }, prepare }));
    expect(await worker.next('ready')).toMatchObject({ type: 'ready' });
    await worker.send({ type: 'lexical', id: 1, query: 'la patience et la prière', lang: 'fr' });
    const result = (await worker.next('result')) as Extract<SearchWorkerResponse, { type: 'result' }>;
    expect((result.result as SearchResult).hits.length).toBeGreaterThan(0);
  });
});

describe('when the worker starts on a repeat visit', () => {
  it('should read the snapshots from IndexedDB itself, restore both indexes, build nothing and answer like before', async () => {
    const first = await startWorker();
    await first.send(initMessage());
    await first.next('ready');
    await first.send({ type: 'lexical', id: 1, query: 'الصبر والصلاة' });
    const before = await first.next('result');
    await vi.waitFor(async () => expect(await snapshotKeys()).toEqual(BOTH(cached())), { timeout: 10_000 });

    const second = await startWorker();
    await second.send(initMessage());
    expect(await second.next('ready')).toMatchObject({ restored: ['en', 'arabic-search'] });
    await second.send({ type: 'lexical', id: 1, query: 'الصبر والصلاة' });
    expect(await second.next('result')).toStrictEqual(before);
    expect(second.build).not.toHaveBeenCalled();
  });

  it('should use the snapshots the page sends instead of reading IndexedDB', async () => {
    const first = await startWorker();
    await first.send(initMessage({ prepare: ['en'] }));
    await first.next('ready');
    await vi.waitFor(async () => expect(await snapshotKeys()).toEqual([`corpus/${cached()}/lexical-en`]), { timeout: 10_000 });
    const db = await openDB(DATA_DB_NAME);
    const bytes = (await db.get('parts', ['corpus', cached(), 'lexical-en'])) as Uint8Array;
    db.close();

    vi.stubGlobal('indexedDB', new IDBFactory()); // a store without the snapshot: only the message has it
    const second = await startWorker();
    await second.send(initMessage({ prepare: ['en'], snapshots: [bytes] }));
    expect(await second.next('ready')).toMatchObject({ restored: ['en'] });
    expect(second.build).not.toHaveBeenCalled();
  });
});

describe('when a fused search comes before the vectors (a first visit)', () => {
  it('should search by keyword, and answer a question whose translation is still downloading like the page does (no vector hits yet)', async () => {
    const worker = await startWorker();
    await worker.send(initMessage());
    await worker.next('ready');
    const vector = new Float32Array([1, 0, 0, 0]);
    await worker.send({ type: 'hybrid', id: 1, query: 'صبر کے بارے میں قرآن کیا کہتا ہے؟', vector, lang: 'ur' });
    const urdu = (await worker.next('result')) as Extract<SearchWorkerResponse, { type: 'result' }>;
    expect(urdu.result).toMatchObject({ kind: 'none', stage: 'hybrid' });
    await worker.send({ type: 'hybrid', id: 2, query: 'seek help through patience and prayer', vector, lang: 'en' });
    const english = (await worker.next('result')) as Extract<SearchWorkerResponse, { type: 'result' }>;
    const refs = (english.result as SearchResult).hits.map((h) => `${h.ref.surah}:${h.ref.ayah}`);
    expect(refs).toContain('2:153');
    expect(english.result).toMatchObject({ stage: 'lexical' });
  });
});
