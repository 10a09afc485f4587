import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it, vi, type MockInstance } from 'vitest';
import { Bm25Index } from '../../data/search/index/bm25-index.js';
import { cacheVersionOf } from '../data-cache/cache-version.js';
import { createCachedSearchEngine } from './cached-search-engine.js';
import { publishNewCorpusVersion, STUB_DATA_BASE } from '../testing/data-fetch-stub.js';
import { useFakeDataPage } from '../testing/fake-data-page.js';
import { forgetOpenedDataStores } from '../data-cache/open-data-stores.js';
import { DATA_DB_NAME } from '../data-cache/idb-data-store.js';
import { laterLexicalSnapshotsOf, lexicalSnapshotsOf } from './lexical-snapshot-store.js';
import { loadQuranData } from '../data-cache/load-quran-data.js';

/** Saves the engine scheduled, run by `runSaves` (instead of waiting for an idle moment). */
let saves: (() => Promise<void>)[];
let build: MockInstance<typeof Bm25Index.build>;

/** A reload: same IndexedDB, nothing kept in the page; counts index builds from here on. */
const page = useFakeDataPage(() => {
  saves = [];
  build?.mockRestore();
  build = vi.spyOn(Bm25Index, 'build');
});
const newPage = () => page.reload();

async function visit() {
  const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
  const engine = createCachedSearchEngine(data.corpus, { schedule: (save) => saves.push(save) });
  // The Arabic snapshot is read after the corpus; the engine imports it when it arrives.
  await laterLexicalSnapshotsOf(data.corpus);
  return { data, engine };
}

async function runSaves(): Promise<number> {
  const n = saves.length;
  await Promise.all(saves.splice(0).map((save) => save()));
  return n;
}

async function storedPartKeys(): Promise<string[]> {
  const db = await openDB(DATA_DB_NAME);
  try {
    return ((await db.getAllKeys('parts')) as string[][]).map((k) => k.join('/')).sort();
  } finally {
    db.close();
  }
}

const snapshotKeys = async () => (await storedPartKeys()).filter((k) => k.includes('/lexical-'));

describe('when the visitor comes for the first time', () => {
  it('should build the English index for the first question, then store its snapshot with the corpus version', async () => {
    const { data, engine } = await visit();
    expect(lexicalSnapshotsOf(data.corpus)).toEqual([]);
    expect(engine.lexical('patience and prayer').hits.length).toBeGreaterThan(0);
    expect(build).toHaveBeenCalledTimes(1);
    expect(engine.indexOrigin('en')).toBe('built');
    // Nothing is written until the scheduled (idle) save runs.
    expect(await snapshotKeys()).toEqual([]);

    expect(await runSaves()).toBe(1);
    expect(await snapshotKeys()).toEqual([`corpus/${cacheVersionOf(data.corpus.manifest)}/lexical-en`]);
  });
});

describe('when the visitor comes back', () => {
  it('should restore the index from IndexedDB, build nothing and answer exactly as before', async () => {
    const first = await visit();
    const before = first.engine.lexical('Who is Jesus son of Mary?');
    await runSaves();

    newPage();
    const { data, engine } = await visit();
    expect(page.stub.dataRequests()).toEqual([]);
    expect(lexicalSnapshotsOf(data.corpus)).toHaveLength(1);
    engine.prepare('en');
    expect(engine.indexOrigin('en')).toBe('restored');
    expect(engine.lexical('Who is Jesus son of Mary?')).toStrictEqual(before);
    expect(build).not.toHaveBeenCalled();
    expect(saves).toHaveLength(0);
  });

  it('should build and store the Arabic index on the first Arabic question, and restore it the time after', async () => {
    const first = await visit();
    first.engine.lexical('patience and prayer');
    await runSaves();

    newPage();
    const second = await visit();
    const arabic = second.engine.lexical('الصبر والصلاة');
    expect(second.engine.indexOrigin('en')).toBeUndefined();
    // The Arabic blend is three BM25 indexes (light stems, roots and 4-grams of the stems).
    expect(build).toHaveBeenCalledTimes(3);
    expect(await runSaves()).toBe(1);
    expect(await snapshotKeys()).toEqual(['en', 'arabic-search'].map((t) => `corpus/${cacheVersionOf(second.data.corpus.manifest)}/lexical-${t}`).sort());

    newPage();
    const third = await visit();
    // Only the English snapshot comes with the corpus; the Arabic one is read right after.
    expect(lexicalSnapshotsOf(third.data.corpus)).toHaveLength(1);
    expect(await laterLexicalSnapshotsOf(third.data.corpus)).toHaveLength(1);
    expect(third.engine.lexical('الصبر والصلاة')).toStrictEqual(arabic);
    expect(third.engine.indexOrigin('arabic-search')).toBe('restored');
    expect(build).not.toHaveBeenCalled();
  });
});

describe('when a new corpus version is published', () => {
  it('should delete the old snapshot with the old version, build once and store a new one', async () => {
    const first = await visit();
    first.engine.prepare('en');
    await runSaves();
    expect(await snapshotKeys()).toEqual([`corpus/${cacheVersionOf(first.data.corpus.manifest)}/lexical-en`]);

    const next = await publishNewCorpusVersion(page.stub);
    newPage();
    const { data, engine } = await visit();
    expect(data.corpus.version).toBe(next.version);
    expect(lexicalSnapshotsOf(data.corpus)).toEqual([]);
    expect(await snapshotKeys()).toEqual([]);
    expect(engine.lexical('In the name of Allah new edition').hits[0]?.ref).toEqual({ surah: 1, ayah: 1 });
    expect(build).toHaveBeenCalledTimes(1);
    await runSaves();
    expect(await snapshotKeys()).toEqual([`corpus/${cacheVersionOf(next)}/lexical-en`]);
  });
});

describe('when a stored snapshot does not fit the engine', () => {
  it('should build instead of using it', async () => {
    const first = await visit();
    first.engine.prepare('en');
    await runSaves();

    newPage();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const engine = createCachedSearchEngine(data.corpus, { search: { bm25: { k1: 2, b: 0.75 } }, schedule: (save) => saves.push(save) });
    engine.prepare('en');
    expect(engine.indexOrigin('en')).toBe('built');
    expect(build).toHaveBeenCalledTimes(1);
    expect(info.mock.calls[0]?.[0]).toMatch(/^quran-dai: a cached search index was not used \(snapshot of en was made for /);
  });
});

describe('when a stored snapshot is damaged', () => {
  it('should build the index instead, answer, and store a good snapshot in its place', async () => {
    const first = await visit();
    const before = first.engine.lexical('patience and prayer');
    await runSaves();
    const [key] = await snapshotKeys();
    const db = await openDB(DATA_DB_NAME);
    const stored = (await db.get('parts', key!.split('/'))) as Uint8Array;
    const damaged = stored.slice();
    damaged.fill(0xff, 200, 260); // inside the English vocabulary: not UTF-8 any more
    await db.put('parts', damaged, key!.split('/'));
    db.close();

    newPage();
    build.mockClear();
    const { engine } = await visit();
    expect(engine.lexical('patience and prayer')).toStrictEqual(before);
    expect(engine.indexOrigin('en')).toBe('built');
    await runSaves();
    const db2 = await openDB(DATA_DB_NAME);
    expect(await db2.get('parts', key!.split('/'))).toStrictEqual(stored);
    db2.close();
  });
});

describe('when IndexedDB is not available', () => {
  it('should keep the snapshot in the page memory, so a second engine on the page restores it', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const first = await visit();
    first.engine.prepare('en');
    expect(await runSaves()).toBe(1);

    // Same page (memory store kept): a second widget loads the data again.
    forgetOpenedDataStores();
    build.mockClear();
    const second = await visit();
    second.engine.prepare('en');
    expect(second.engine.indexOrigin('en')).toBe('restored');
    expect(build).not.toHaveBeenCalled();
  });
});
