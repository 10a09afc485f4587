import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { publishNewCorpusVersion, servedManifest, STUB_DATA_BASE } from '../testing/data-fetch-stub.js';
import { cacheVersionOf } from './cache-version.js';
import { useFakeDataPage } from '../testing/fake-data-page.js';
import { forgetOpenedDataStores } from './open-data-stores.js';
import { DATA_DB_NAME } from './idb-data-store.js';
import { loadQuranData, loadTranslationTrack, type DataLoadProgress } from './load-quran-data.js';

const page = useFakeDataPage();
/** A reload: same IndexedDB, nothing kept in the page. */
const newPage = () => page.reload();

async function storedState(): Promise<{ current: string | undefined; partKeys: string[] }> {
  const db = await openDB(DATA_DB_NAME);
  try {
    const names = [...db.objectStoreNames];
    if (!names.includes('parts')) return { current: undefined, partKeys: [] };
    const current = ((await db.get('current', 'corpus')) as { version: string } | undefined)?.version;
    const partKeys = ((await db.getAllKeys('parts')) as string[][]).map((k) => k.join('/'));
    return { current, partKeys: partKeys.sort() };
  } finally {
    db.close();
  }
}

// The Arabic search text is made from the Arabic on the page, not downloaded.
const FIRST_VISIT_FILES = ['surahs', 'arabic', 'translation-en'];

describe('when the visitor comes for the first time', () => {
  it('should download the three needed files, verify them and store them as the current version', async () => {
    const progress: DataLoadProgress[] = [];
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], onProgress: (p) => progress.push(p) });
    const reference = await loadTestCorpus();
    const manifest = servedManifest(page.stub);

    expect(data.fromCache).toBe(false);
    expect(data.vectorSearch).toBeNull();
    expect(data.corpus.version).toBe(manifest.version);
    expect(data.corpus.verse({ surah: 2, ayah: 255 }, 'en').translation).toBe(reference.verse({ surah: 2, ayah: 255 }, 'en').translation);
    expect(
      page.stub
        .dataRequests()
        .map((u) => u.split('/').pop()!.split('.')[0])
        .sort(),
    ).toEqual([...FIRST_VISIT_FILES].sort());

    const state = await storedState();
    expect(state.current).toBe(cacheVersionOf(manifest));
    expect(state.current!.startsWith(`${manifest.version}.`)).toBe(true);
    expect(state.partKeys).toEqual(FIRST_VISIT_FILES.map((p) => `corpus/${cacheVersionOf(manifest)}/${p}`).sort());

    const expectedBytes = manifest.files.filter((f) => FIRST_VISIT_FILES.includes(f.part)).reduce((n, f) => n + f.bytes, 0);
    const downloads = progress.filter((p) => p.phase === 'download');
    expect(downloads.at(-1)).toEqual({ loaded: expectedBytes, total: expectedBytes, phase: 'download' });
    expect(downloads.length).toBeGreaterThan(FIRST_VISIT_FILES.length);
    expect(progress.map((p) => p.phase)).toContain('verify');
    expect(progress.at(-1)?.phase).toBe('store');
  });
});

describe('when the visitor comes back', () => {
  it('should read everything from IndexedDB and fetch only the manifest', async () => {
    await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    newPage();
    const phases: string[] = [];
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], onProgress: (p) => phases.push(p.phase) });

    expect(data.fromCache).toBe(true);
    expect(page.stub.dataRequests()).toEqual([]);
    expect(page.stub.requests).toEqual([`${STUB_DATA_BASE}/corpus/manifest.json`]);
    expect(phases).toContain('read');
    expect(data.corpus.verse({ surah: 1, ayah: 1 }, 'en').arabic.length).toBeGreaterThan(10);
  });

  it('should work offline from the cache when the manifest cannot be fetched', async () => {
    const first = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    newPage();
    page.stub.offline = true;
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });

    expect(data.fromCache).toBe(true);
    expect(data.corpus.version).toBe(first.corpus.version);
    expect(data.corpus.trackTexts('en')).toHaveLength(6236);
  });

  it('should fetch only the translation it has not cached yet', async () => {
    await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    newPage();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en', 'fr'] });

    expect(data.fromCache).toBe(false);
    expect(page.stub.dataRequests().map((u) => u.split('/').pop()!.split('.')[0])).toEqual(['translation-fr']);
    expect(data.corpus.trackTexts('fr')).toHaveLength(6236);
  });
});

describe('when a translation is added later', () => {
  it('should download it once and keep it with the current version', async () => {
    const { corpus } = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    page.stub.requests.length = 0;
    await loadTranslationTrack({ dataBase: STUB_DATA_BASE, corpus, track: 'ur' });

    expect(page.stub.dataRequests().map((u) => u.split('/').pop()!.split('.')[0])).toEqual(['translation-ur']);
    expect(corpus.hasTrack('ur')).toBe(true);

    newPage();
    const again = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en', 'ur'] });
    expect(page.stub.dataRequests()).toEqual([]);
    expect(again.corpus.trackTexts('ur')[0]).toBe(corpus.trackTexts('ur')[0]);
  });
});

describe('when a downloaded file is corrupted', () => {
  it('should refuse it and store nothing', async () => {
    const entry = servedManifest(page.stub).files.find((f) => f.part === 'arabic')!;
    const bytes = page.stub.files.get(`corpus/${entry.path}`)!.slice();
    bytes[1000] = bytes[1000]! ^ 0x01;
    page.stub.files.set(`corpus/${entry.path}`, bytes);

    await expect(loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] })).rejects.toMatchObject({ code: 'corrupt-data' });
    expect(await storedState()).toEqual({ current: undefined, partKeys: [] });
  });
});

/** Replace one stored part of the current corpus version in IndexedDB, as damage would. */
async function damageStoredPart(part: string, damage: (bytes: Uint8Array) => unknown): Promise<void> {
  const db = await openDB(DATA_DB_NAME);
  try {
    const version = ((await db.get('current', 'corpus')) as { version: string }).version;
    const bytes = (await db.get('parts', ['corpus', version, part])) as Uint8Array;
    await db.put('parts', damage(bytes), ['corpus', version, part]);
  } finally {
    db.close();
  }
}

async function storedPart(part: string): Promise<Uint8Array | undefined> {
  const db = await openDB(DATA_DB_NAME);
  try {
    const version = ((await db.get('current', 'corpus')) as { version: string }).version;
    return (await db.get('parts', ['corpus', version, part])) as Uint8Array | undefined;
  } finally {
    db.close();
  }
}

describe('when a part saved in IndexedDB is damaged', () => {
  const served = (part: string) => page.stub.files.get(`corpus/${servedManifest(page.stub).files.find((f) => f.part === part)!.path}`)!;
  const cases: [string, string, (bytes: Uint8Array) => unknown][] = [
    ['cut short', 'arabic', (b) => b.slice(0, b.byteLength >> 1)],
    ['not JSON (same length)', 'arabic', (b) => new Uint8Array(b.byteLength).fill(0x20).fill(0x7b, 0, 1)],
    [
      'JSON of the wrong shape (same length)',
      'translation-en',
      (b) => new TextEncoder().encode(JSON.stringify({ track: 'en', name: 'x', texts: ['only one verse'] }).padEnd(b.byteLength, ' ')),
    ],
    [
      'another track under this part (same length)',
      'arabic',
      (b) => {
        const file = JSON.parse(new TextDecoder().decode(b));
        return new TextEncoder().encode(
          JSON.stringify({ ...file, track: 'en' })
            .padEnd(b.byteLength, ' ')
            .slice(0, b.byteLength),
        );
      },
    ],
    [
      'a surah list missing an entry (same length)',
      'surahs',
      (b) => {
        const file = JSON.parse(new TextDecoder().decode(b));
        return new TextEncoder().encode(JSON.stringify({ surahs: file.surahs.slice(1) }).padEnd(b.byteLength, ' '));
      },
    ],
    ['not bytes at all', 'translation-en', () => 'garbage'],
    // A same-origin script rewriting scripture in place: valid JSON of the right shape and length.
    [
      'a verse rewritten (same length, same shape)',
      'translation-en',
      (b) => {
        const text = new TextDecoder().decode(b);
        expect(text).toContain('Allah is with the patient');
        return new TextEncoder().encode(text.replace('Allah is with the patient', 'Allah is with the wealthy'));
      },
    ],
  ];

  it.each(cases)('should notice a part %s (%s), download it again, show the verses and store the good copy', async (_what, part, damage) => {
    await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    await damageStoredPart(part, damage);
    newPage();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });

    const reference = await loadTestCorpus();
    expect(data.fromCache).toBe(false);
    expect(data.corpus.verse({ surah: 2, ayah: 153 }, 'en')).toStrictEqual(reference.verse({ surah: 2, ayah: 153 }, 'en'));
    expect(page.stub.dataRequests().map((u) => u.split('/').pop()!.split('.')[0])).toEqual([part]);
    expect(String(warn.mock.calls[0]?.[0])).toContain(`the saved copy of ${part} is damaged`);
    // Compared as bytes in one call: a deep equality over a megabyte typed array took seconds.
    const stored = await storedPart(part);
    expect(stored).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(stored!).equals(Buffer.from(served(part)))).toBe(true);

    newPage();
    const again = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    expect(again.fromCache).toBe(true);
    expect(page.stub.dataRequests()).toEqual([]);
  });

  it('should purge the damaged part even when it cannot be downloaded again (offline), and say the data failed', async () => {
    await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    await damageStoredPart('arabic', (b) => b.slice(0, 10));
    newPage();
    page.stub.offline = true;
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);

    await expect(loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] })).rejects.toMatchObject({ code: 'network' });
    expect(await storedPart('arabic')).toBeUndefined();

    newPage();
    page.stub.offline = false;
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    expect(page.stub.dataRequests().map((u) => u.split('/').pop()!.split('.')[0])).toEqual(['arabic']);
    expect(data.corpus.verse({ surah: 1, ayah: 1 }).arabic.length).toBeGreaterThan(10);
  });
});

describe('when a manifest reuses the version string with other files', () => {
  /** Serve `next`'s files under the version string of `real`: a bad deploy or a hostile mirror. */
  async function serveUnderVersion(version: string): Promise<void> {
    const next = await publishNewCorpusVersion(page.stub);
    page.stub.files.set('corpus/manifest.json', new TextEncoder().encode(JSON.stringify({ ...next, version })));
  }

  it('should download and keep the files that manifest names, not trust the cached ones by name', async () => {
    const first = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    const realManifest = servedManifest(page.stub);
    await serveUnderVersion(first.corpus.version);
    newPage();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });

    expect(data.corpus.version).toBe(first.corpus.version);
    expect(data.corpus.verse({ surah: 1, ayah: 1 }, 'en').translation).toBe('In the name of Allah (new edition).');
    expect(page.stub.dataRequests()).toHaveLength(3);
    expect((await storedState()).current).not.toBe(cacheVersionOf(realManifest));
  });

  it('should fetch the real files again once the real manifest is back, instead of keeping the others forever', async () => {
    const realManifest = servedManifest(page.stub);
    const realBytes = page.stub.files.get('corpus/manifest.json')!;
    await serveUnderVersion(realManifest.version);
    const altered = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    expect(altered.corpus.verse({ surah: 1, ayah: 1 }, 'en').translation).toBe('In the name of Allah (new edition).');

    page.stub.files.set('corpus/manifest.json', realBytes);
    newPage();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });

    expect(data.corpus.verse({ surah: 1, ayah: 1 }, 'en').translation).toBe((await loadTestCorpus()).verse({ surah: 1, ayah: 1 }, 'en').translation);
    expect(page.stub.dataRequests()).toHaveLength(3);
    const state = await storedState();
    expect(state.current).toBe(cacheVersionOf(realManifest));
    expect(state.partKeys).toEqual(FIRST_VISIT_FILES.map((p) => `corpus/${cacheVersionOf(realManifest)}/${p}`).sort());
  });
});

describe('when a download of a new version is interrupted', () => {
  it('should keep the previous version as the cache, whole', async () => {
    const first = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    const before = await storedState();
    const next = await publishNewCorpusVersion(page.stub);
    page.stub.cutShort.add(`corpus/${next.files.find((f) => f.part === 'arabic')!.path}`);
    newPage();

    await expect(loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] })).rejects.toThrow(/network connection lost/);
    expect(await storedState()).toEqual(before);

    newPage();
    page.stub.offline = true;
    const offline = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    expect(offline.corpus.version).toBe(first.corpus.version);
  });
});

describe('when a new version is published', () => {
  it('should download it, make it current and delete the old version', async () => {
    const first = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    const next = await publishNewCorpusVersion(page.stub);
    newPage();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });

    expect(first.corpus.version).not.toBe(next.version);
    expect(data.corpus.version).toBe(next.version);
    expect(data.corpus.verse({ surah: 1, ayah: 1 }, 'en').translation).toBe('In the name of Allah (new edition).');
    expect(page.stub.dataRequests()).toHaveLength(3);
    const state = await storedState();
    expect(state.current).toBe(cacheVersionOf(next));
    expect(state.partKeys).toEqual(FIRST_VISIT_FILES.map((p) => `corpus/${cacheVersionOf(next)}/${p}`).sort());
  });
});

describe('when IndexedDB is full', () => {
  it('should keep the data in memory without an error and not download it again in this page', async () => {
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    expect(data.corpus.trackTexts('en')).toHaveLength(6236);
    expect(await storedState()).toEqual({ current: undefined, partKeys: [] });

    forgetOpenedDataStores();
    page.stub.requests.length = 0;
    const again = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    expect(again.fromCache).toBe(true);
    expect(page.stub.dataRequests()).toEqual([]);
  });
});

describe('when IndexedDB is not available', () => {
  it('should load into memory without an error', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    expect(data.fromCache).toBe(false);
    expect(data.corpus.verse({ surah: 112, ayah: 1 }, 'en').translation).toMatch(/Allah/);
  });
});

describe('when opening IndexedDB is refused (private mode, blocked by policy)', () => {
  it('should load into memory without an error', async () => {
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('A mutation operation was attempted on a database that did not allow mutations.', 'InvalidStateError');
    });
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    expect(data.corpus.trackTexts('en')).toHaveLength(6236);
    expect(page.stub.dataRequests()).toHaveLength(3);
  });
});

describe('when the visitor leaves during the download', () => {
  it('should reject with an AbortError and store nothing', async () => {
    const controller = new AbortController();
    const loading = loadQuranData({
      dataBase: STUB_DATA_BASE,
      tracks: ['en'],
      signal: controller.signal,
      onProgress: (p) => p.phase === 'download' && p.loaded > 0 && controller.abort(),
    });
    await expect(loading).rejects.toMatchObject({ name: 'AbortError' });
    expect(await storedState()).toEqual({ current: undefined, partKeys: [] });
  });
});

describe('when nothing is cached and the data cannot be reached', () => {
  it('should reject with a message that names the data URL', async () => {
    page.stub.offline = true;
    await expect(loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] })).rejects.toThrow(/data\.test\/data\/corpus\/manifest\.json/);
  });
});

describe('when two widgets on one page load the same data at once', () => {
  it('should download each file once and give both the corpus', async () => {
    const seen: string[] = [];
    const [a, b] = await Promise.all([
      loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], onProgress: () => seen.push('a') }),
      loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], onProgress: () => seen.push('b') }),
    ]);
    expect(page.stub.dataRequests()).toHaveLength(3);
    expect(a.corpus).toBe(b.corpus);
    expect(seen).toContain('a');
    expect(seen).toContain('b');
  });

  it('should keep loading for the other widget when one of them is removed', async () => {
    const controller = new AbortController();
    const first = loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], signal: controller.signal });
    const second = loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'] });
    controller.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect((await second).corpus.trackTexts('en')).toHaveLength(6236);
  });
});
