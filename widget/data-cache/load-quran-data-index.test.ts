import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sha256Hex } from '../../data/corpus/content-hash.js';
import type { CorpusManifest } from '../../data/corpus/corpus-types.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import { testHashingVector } from '../../data/embed/test-hashing-embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { quantizeVectors } from '../../data/index/int8-quantization.js';
import { encodeStagedVectorFiles, encodeVectorFile } from '../../data/index/vector-file.js';
import { quantizeVectorsInt4Centered } from '../../data/index/int4-quantization.js';
import { createDataFetchStub, STUB_DATA_BASE, type DataFetchStub } from '../testing/data-fetch-stub.js';
import { DATA_DB_NAME } from './idb-data-store.js';
import { forgetPageMemoryStore } from './memory-data-store.js';
import { forgetOpenedDataStores } from './open-data-stores.js';
import { loadQuranData, vectorSearchReady, vectorSearchRefined, verifiedVectorFiles } from './load-quran-data.js';

const INDEX_ID = 'test-hashing-v1-64';
const DIMS = 64;
const INDEX = { id: INDEX_ID, manifestUrl: `${STUB_DATA_BASE}/index/${INDEX_ID}/manifest.json` };

let stub: DataFetchStub;
let vectorPath: string;

/** A small real index (test-hashing embedder over the English text) served by the stub. */
async function publishIndex(): Promise<VectorIndexManifest> {
  const corpus = await loadTestCorpus();
  const quantized = quantizeVectors(
    corpus.trackTexts('en').map((t) => testHashingVector(t, DIMS)),
    DIMS,
  );
  const bytes = encodeVectorFile(quantized);
  const sha256 = await sha256Hex(bytes);
  const path = `vectors.${sha256.slice(0, 10)}.bin`;
  const corpusManifest = JSON.parse(new TextDecoder().decode(stub.files.get('corpus/manifest.json')!)) as CorpusManifest;
  const manifest: VectorIndexManifest = {
    schema: 1,
    id: INDEX_ID,
    version: sha256.slice(0, 16),
    embedder: 'test-hashing',
    model: 'test-hashing-v1',
    dims: DIMS,
    count: quantized.count,
    quantization: 'int8-per-vector',
    queryTask: '',
    documentTask: '',
    queryPrefix: '',
    documentPrefix: '',
    textTemplate: '{en}',
    contextualised: false,
    corpusVersion: corpusManifest.version,
    floors: { primary: 0.1, fallback: 0.05 },
    files: [{ path, bytes: bytes.byteLength, gzipBytes: bytes.byteLength, sha256 }],
  };
  vectorPath = `index/${INDEX_ID}/${path}`;
  stub.files.set(vectorPath, bytes);
  stub.files.set(`index/${INDEX_ID}/manifest.json`, new TextEncoder().encode(JSON.stringify(manifest)));
  return manifest;
}

beforeEach(async () => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  stub = createDataFetchStub();
  vi.stubGlobal('fetch', stub.fetch);
  forgetOpenedDataStores();
  forgetPageMemoryStore();
  await publishIndex();
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('when a vector index is configured', () => {
  it('should download it with the corpus and return a search that finds a verse by its own vector', async () => {
    const corpus = await loadTestCorpus();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX });
    const ayatAlKursi = corpus.indexOf({ surah: 2, ayah: 255 });
    expect(await vectorSearchReady(data.vectorSearch)).toBe(true);

    expect(data.indexManifest?.id).toBe(INDEX_ID);
    expect(data.vectorSearch?.dims).toBe(DIMS);
    expect(stub.dataRequests()).toContain(`${STUB_DATA_BASE}/${vectorPath}`);
    const hits = data.vectorSearch!.search(testHashingVector(corpus.trackTexts('en')[ayatAlKursi]!, DIMS), 3);
    expect(hits[0]?.index).toBe(ayatAlKursi);
    expect(hits[0]!.score).toBeGreaterThan(0.95);
  });

  it('should read it from IndexedDB on the next visit without downloading it', async () => {
    expect(await vectorSearchReady((await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX })).vectorSearch)).toBe(true);
    forgetOpenedDataStores();
    forgetPageMemoryStore();
    stub.requests.length = 0;
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX });

    expect(data.fromCache).toBe(true);
    expect(data.vectorSearch?.kind).toBe('flat');
    expect(stub.dataRequests()).toEqual([]);
    expect(stub.requests.sort()).toEqual([`${STUB_DATA_BASE}/corpus/manifest.json`, INDEX.manifestUrl].sort());
  });
});

describe('when the vector file is corrupted', () => {
  it('should fall back to keyword search (vectorSearch null) and still return the corpus', async () => {
    const bytes = stub.files.get(vectorPath)!.slice();
    bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x7f;
    stub.files.set(vectorPath, bytes);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX });

    expect(await vectorSearchReady(data.vectorSearch)).toBe(false);
    expect(data.vectorSearch?.search(testHashingVector('patience', DIMS), 5) ?? []).toEqual([]);
    expect(data.corpus.trackTexts('en')).toHaveLength(6236);
    expect(String(vi.mocked(console.warn).mock.calls[0]?.[0])).toMatch(/integrity check/);
  });
});

describe('when the vector file saved in IndexedDB is damaged', () => {
  async function damageStoredVectors(damage: (bytes: Uint8Array) => Uint8Array): Promise<void> {
    const db = await openDB(DATA_DB_NAME);
    const slot = `index:${INDEX_ID}`;
    const version = ((await db.get('current', slot)) as { version: string }).version;
    const part = vectorPath.split('/').pop()!;
    await db.put('parts', damage((await db.get('parts', [slot, version, part])) as Uint8Array), [slot, version, part]);
    db.close();
  }

  it.each([
    ['cut short', (b: Uint8Array) => b.slice(0, b.byteLength - 7)],
    ['with a header that is not a vector file (same length)', (b: Uint8Array) => new Uint8Array(b.byteLength)],
  ])('should notice a file %s, download it again and search by vector', async (_what, damage) => {
    expect(await vectorSearchReady((await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX })).vectorSearch)).toBe(true);
    await damageStoredVectors(damage);
    forgetOpenedDataStores();
    forgetPageMemoryStore();
    stub.requests.length = 0;
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const corpus = await loadTestCorpus();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX });

    expect(await vectorSearchReady(data.vectorSearch)).toBe(true);
    expect(stub.dataRequests()).toEqual([`${STUB_DATA_BASE}/${vectorPath}`]);
    expect(String(warn.mock.calls[0]?.[0])).toContain('is damaged');
    const ayatAlKursi = corpus.indexOf({ surah: 2, ayah: 255 });
    expect(data.vectorSearch!.search(testHashingVector(corpus.trackTexts('en')[ayatAlKursi]!, DIMS), 1)[0]?.index).toBe(ayatAlKursi);

    forgetOpenedDataStores();
    forgetPageMemoryStore();
    stub.requests.length = 0;
    expect((await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX })).fromCache).toBe(true);
    expect(stub.dataRequests()).toEqual([]);
  });
});

describe('when an index manifest reuses the version string with another vector file', () => {
  it('should download the file it names instead of using the cached one', async () => {
    await vectorSearchReady((await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX })).vectorSearch);
    const manifest = JSON.parse(new TextDecoder().decode(stub.files.get(`index/${INDEX_ID}/manifest.json`)!)) as VectorIndexManifest;
    const corpus = await loadTestCorpus();
    // Same id, dimensions, version string and file name; the vectors are of the Arabic text instead.
    const bytes = encodeVectorFile(
      quantizeVectors(
        corpus.trackTexts('arabic').map((t) => testHashingVector(t, DIMS)),
        DIMS,
      ),
    );
    const sha256 = await sha256Hex(bytes);
    const path = manifest.files[0]!.path;
    stub.files.set(`index/${INDEX_ID}/${path}`, bytes);
    stub.files.set(
      `index/${INDEX_ID}/manifest.json`,
      new TextEncoder().encode(JSON.stringify({ ...manifest, files: [{ path, bytes: bytes.byteLength, gzipBytes: bytes.byteLength, sha256 }] })),
    );
    forgetOpenedDataStores();
    forgetPageMemoryStore();
    stub.requests.length = 0;
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX });

    expect(await vectorSearchReady(data.vectorSearch)).toBe(true);
    expect(stub.dataRequests()).toEqual([`${STUB_DATA_BASE}/index/${INDEX_ID}/${path}`]);
    const fatiha = corpus.indexOf({ surah: 1, ayah: 1 });
    expect(data.vectorSearch!.search(testHashingVector(corpus.trackTexts('arabic')[fatiha]!, DIMS), 1)[0]?.index).toBe(fatiha);
  });
});

describe('when the index manifest cannot be fetched and nothing is cached', () => {
  it('should return vectorSearch null without an error', async () => {
    stub.files.delete(`index/${INDEX_ID}/manifest.json`);
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX });
    expect(data.vectorSearch).toBeNull();
    expect(data.corpus.version).toMatch(/\w+/);
  });
});

describe('when the index was built from another corpus version', () => {
  it('should not use it (keyword search only) and say why in the console', async () => {
    const manifest = JSON.parse(new TextDecoder().decode(stub.files.get(`index/${INDEX_ID}/manifest.json`)!));
    stub.files.set(`index/${INDEX_ID}/manifest.json`, new TextEncoder().encode(JSON.stringify({ ...manifest, corpusVersion: 'some-other-corpus' })));
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX });

    expect(data.vectorSearch).toBeNull();
    expect(String(vi.mocked(console.warn).mock.calls[0]?.[0])).toMatch(/built from corpus some-other-corpus/);
  });
});

describe('when the site switches to another vector index', () => {
  it('should store the new one and delete the old one from IndexedDB', async () => {
    await vectorSearchReady((await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX })).vectorSearch);
    const other = { id: 'test-hashing-v1-32', manifestUrl: `${STUB_DATA_BASE}/index/test-hashing-v1-32/manifest.json` };
    const oldManifest = JSON.parse(new TextDecoder().decode(stub.files.get(`index/${INDEX_ID}/manifest.json`)!)) as VectorIndexManifest;
    const corpus = await loadTestCorpus();
    const quantized = quantizeVectors(
      corpus.trackTexts('en').map((t) => testHashingVector(t, 32)),
      32,
    );
    const bytes = encodeVectorFile(quantized);
    const sha256 = await sha256Hex(bytes);
    stub.files.set(`index/${other.id}/vectors.${sha256.slice(0, 10)}.bin`, bytes);
    stub.files.set(
      `index/${other.id}/manifest.json`,
      new TextEncoder().encode(
        JSON.stringify({
          ...oldManifest,
          id: other.id,
          dims: 32,
          version: sha256.slice(0, 16),
          files: [{ path: `vectors.${sha256.slice(0, 10)}.bin`, bytes: bytes.byteLength, gzipBytes: bytes.byteLength, sha256 }],
        }),
      ),
    );
    forgetOpenedDataStores();
    forgetPageMemoryStore();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: other });

    expect(await vectorSearchReady(data.vectorSearch)).toBe(true);
    expect(data.vectorSearch?.dims).toBe(32);
    const db = await openDB(DATA_DB_NAME);
    const slots = (await db.getAllKeys('current')).sort();
    const partSlots = new Set(((await db.getAllKeys('parts')) as string[][]).map((k) => k[0]));
    db.close();
    expect(slots).toEqual(['corpus', `index:${other.id}`]);
    expect([...partSlots].sort()).toEqual(['corpus', `index:${other.id}`]);
  });
});

describe('when the vector file is still downloading after the corpus is ready', () => {
  it('should resolve for keyword search at once and switch the vector search on when the file is stored', async () => {
    let release!: () => void;
    stub.held.set(vectorPath, new Promise<void>((resolve) => (release = resolve)));
    const corpus = await loadTestCorpus();
    const progress: string[] = [];
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX, onProgress: (p) => progress.push(p.phase) });
    const seenAtReady = progress.length;
    const query = testHashingVector(corpus.trackTexts('en')[corpus.indexOf({ surah: 2, ayah: 255 })]!, DIMS);

    expect(data.fromCache).toBe(false);
    expect(data.indexManifest?.id).toBe(INDEX_ID);
    expect(data.vectorSearch?.kind).toBe('loading');
    expect(data.vectorSearch?.search(query, 3)).toEqual([]);

    release();
    expect(await vectorSearchReady(data.vectorSearch)).toBe(true);
    expect(data.vectorSearch?.kind).toBe('flat');
    expect(data.vectorSearch?.search(query, 3)[0]?.index).toBe(corpus.indexOf({ surah: 2, ayah: 255 }));
    // The widget's progress bar is done at ready: no more callbacks for the background download.
    expect(progress.length).toBe(seenAtReady);
  });
});

describe('when a first visit downloads the corpus and the vectors over one link', () => {
  it('should ask for the vector file only once the corpus is in, so the keyword results come first', async () => {
    const arabic = [...stub.files.keys()].find((p) => /^corpus\/arabic\.[0-9a-f]+\.json$/.test(p))!;
    let release!: () => void;
    stub.held.set(arabic, new Promise<void>((resolve) => (release = resolve)));
    const loading = loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: INDEX });
    await vi.waitFor(() => expect(stub.requests).toContain(`${STUB_DATA_BASE}/${arabic}`));
    await new Promise((r) => setTimeout(r, 50));
    expect(stub.dataRequests()).not.toContain(`${STUB_DATA_BASE}/${vectorPath}`);
    release();
    const data = await loading;
    expect(await vectorSearchReady(data.vectorSearch)).toBe(true);
    const order = stub.dataRequests();
    expect(order.indexOf(`${STUB_DATA_BASE}/${vectorPath}`)).toBeGreaterThan(order.indexOf(`${STUB_DATA_BASE}/${arabic}`));
  });
});

describe('when the index is staged (signs first, magnitudes later)', () => {
  const STAGED = { id: 'test-hashing-v1-staged', manifestUrl: `${STUB_DATA_BASE}/index/test-hashing-v1-staged/manifest.json` };
  async function publishStaged(): Promise<VectorIndexManifest> {
    const corpus = await loadTestCorpus();
    const q = quantizeVectorsInt4Centered(
      corpus.trackTexts('en').map((t) => testHashingVector(t, DIMS)),
      DIMS,
    );
    const { signs, magnitudes } = encodeStagedVectorFiles(q);
    const corpusManifest = JSON.parse(new TextDecoder().decode(stub.files.get('corpus/manifest.json')!)) as CorpusManifest;
    const file = async (stem: string, bytes: Uint8Array) => {
      const sha256 = await sha256Hex(bytes);
      const path = `${stem}.${sha256.slice(0, 16)}.bin`;
      stub.files.set(`index/${STAGED.id}/${path}`, bytes);
      return { path, bytes: bytes.byteLength, gzipBytes: bytes.byteLength, sha256 };
    };
    const base = JSON.parse(new TextDecoder().decode(stub.files.get(`index/${INDEX_ID}/manifest.json`)!)) as VectorIndexManifest;
    const manifest: VectorIndexManifest = {
      ...base,
      id: STAGED.id,
      quantization: 'int4-centered-staged',
      corpusVersion: corpusManifest.version,
      files: [await file('signs', signs), await file('magnitudes', magnitudes)],
    };
    stub.files.set(`index/${STAGED.id}/manifest.json`, new TextEncoder().encode(JSON.stringify(manifest)));
    return manifest;
  }

  it('should search with the signs as soon as they arrive, then exactly once the magnitudes are in, and store both', async () => {
    const manifest = await publishStaged();
    const corpus = await loadTestCorpus();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: STAGED });
    expect(await vectorSearchReady(data.vectorSearch)).toBe(true);
    expect(await vectorSearchRefined(data.vectorSearch)).toBe(true);
    const [signs, magnitudes] = manifest.files.map((f) => `${STUB_DATA_BASE}/index/${STAGED.id}/${f.path}`);
    expect(stub.dataRequests().filter((u) => u.includes('/index/'))).toEqual([signs, magnitudes]);
    const fatiha = corpus.indexOf({ surah: 1, ayah: 2 });
    const hit = data.vectorSearch!.search(testHashingVector(corpus.trackTexts('en')[fatiha]!, DIMS), 1)[0]!;
    expect(hit.index).toBe(fatiha);
    expect(hit.score).toBeGreaterThan(0.9);
    expect([...verifiedVectorFiles(data.indexManifest!)!.keys()]).toEqual(manifest.files.map((f) => f.path));

    forgetOpenedDataStores();
    forgetPageMemoryStore();
    stub.requests.length = 0;
    const again = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: STAGED });
    expect(again.fromCache).toBe(true);
    expect(stub.dataRequests()).toEqual([]);
    expect(await vectorSearchRefined(again.vectorSearch)).toBe(false);
    expect(again.vectorSearch!.search(testHashingVector(corpus.trackTexts('en')[fatiha]!, DIMS), 1)[0]).toEqual(hit);
  });

  it('should keep searching with the signs when the magnitudes fail their check', async () => {
    const manifest = await publishStaged();
    const path = `index/${STAGED.id}/${manifest.files[1]!.path}`;
    const bad = stub.files.get(path)!.slice();
    bad[100] = bad[100]! ^ 0x11;
    stub.files.set(path, bad);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const corpus = await loadTestCorpus();
    const data = await loadQuranData({ dataBase: STUB_DATA_BASE, tracks: ['en'], index: STAGED });
    expect(await vectorSearchReady(data.vectorSearch)).toBe(true);
    expect(await vectorSearchRefined(data.vectorSearch)).toBe(false);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/meaning search stays coarse .*integrity check/);
    const fatiha = corpus.indexOf({ surah: 1, ayah: 2 });
    expect(data.vectorSearch!.search(testHashingVector(corpus.trackTexts('en')[fatiha]!, DIMS), 3).map((h) => h.index)).toContain(fatiha);
  });
});
