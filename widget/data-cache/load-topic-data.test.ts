import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_TOPICS_DIR } from '../../data/topics/topic-loader-node.js';
import { createDataFetchStub, STUB_DATA_BASE, type DataFetchStub } from '../testing/data-fetch-stub.js';
import { loadTopicData } from './load-topic-data.js';
import { openDataStores, forgetOpenedDataStores } from './open-data-stores.js';
import { forgetPageMemoryStore } from './memory-data-store.js';

const INDEX_ID = 'multilingual-e5-small-384';
/** The index the project ships, with the topic vectors made for the built topics. */
const PREBUILT_INDEX_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'prebuilt', 'index');
let stub: DataFetchStub;

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
  stub = createDataFetchStub();
  for (const name of readdirSync(DEFAULT_TOPICS_DIR))
    if (!name.endsWith('.br')) stub.files.set(`topics/${name}`, new Uint8Array(readFileSync(join(DEFAULT_TOPICS_DIR, name))));
  const index = join(PREBUILT_INDEX_ROOT, INDEX_ID);
  for (const name of readdirSync(index))
    if (name.startsWith('topic')) stub.files.set(`index/${INDEX_ID}/${name}`, new Uint8Array(readFileSync(join(index, name))));
  vi.stubGlobal('fetch', stub.fetch);
  forgetOpenedDataStores();
  forgetPageMemoryStore();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('when the topics load after the first results', () => {
  it('should ask for the topic vectors while the topic file is still downloading, not after it', async () => {
    const manifest = JSON.parse(new TextDecoder().decode(stub.files.get('topics/manifest.json')!)) as { languages: Record<string, { path: string }> };
    const filePath = `topics/${manifest.languages.en!.path}`;
    const vectorsManifest = `${STUB_DATA_BASE}/index/${INDEX_ID}/topics.json`;
    // The topic file is held back (a slow link) for up to a second, or until the vectors are asked for.
    let askedWhileFileDownloads = false;
    stub.held.set(
      filePath,
      (async () => {
        for (let i = 0; i < 200 && !askedWhileFileDownloads; i++) {
          askedWhileFileDownloads = stub.requests.includes(vectorsManifest);
          await new Promise((r) => setTimeout(r, 5));
        }
      })(),
    );
    const data = await loadTopicData({
      dataBase: STUB_DATA_BASE,
      indexManifestUrl: `${STUB_DATA_BASE}/index/${INDEX_ID}/manifest.json`,
      stores: openDataStores(),
      lang: 'en',
    });
    expect(askedWhileFileDownloads).toBe(true);
    expect(data?.file.topics.length).toBe(454);
    expect(data?.vectors?.manifest.count).toBe(454);
  });
});
