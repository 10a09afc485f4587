/**
 * Test helper: a page with a fresh fake IndexedDB and the data fetch stub for each test, and
 * `reload()` to simulate the visitor coming back (same IndexedDB, nothing kept in the page).
 */
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, vi } from 'vitest';
import { createDataFetchStub, type DataFetchStub } from './data-fetch-stub.js';
import { forgetPageMemoryStore } from '../data-cache/memory-data-store.js';
import { forgetOpenedDataStores } from '../data-cache/open-data-stores.js';

export interface FakeDataPage {
  /** This test's fetch stub (a new one per test). */
  readonly stub: DataFetchStub;
  /** A reload: forget open stores and page memory, clear the request log, then `onReload`. */
  reload(): void;
}

/** Call at the top of a test file; registers its own beforeEach/afterEach. */
export function useFakeDataPage(onReload: () => void = () => undefined): FakeDataPage {
  let stub: DataFetchStub | undefined;
  const page: FakeDataPage = {
    get stub() {
      if (!stub) throw new Error('useFakeDataPage: the stub exists only inside a test');
      return stub;
    },
    reload() {
      forgetOpenedDataStores();
      forgetPageMemoryStore();
      page.stub.requests.length = 0;
      onReload();
    },
  };
  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    stub = createDataFetchStub();
    vi.stubGlobal('fetch', stub.fetch);
    page.reload();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
  return page;
}
