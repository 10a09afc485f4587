/**
 * The stores to try, best first: IndexedDB when it opens, then the page's memory. A store
 * that fails later (quota) is skipped by the caller, so the visitor never sees an error.
 */
import type { DataStore } from './data-store.js';
import { openIdbDataStore } from './idb-data-store.js';
import { pageMemoryStore } from './memory-data-store.js';

let opening: Promise<DataStore[]> | undefined;

export function openDataStores(): Promise<DataStore[]> {
  opening ??= openIdbDataStore().then((idb) => (idb ? [idb, pageMemoryStore()] : [pageMemoryStore()]));
  return opening;
}

/** Forget the opened stores so the next load opens them again (tests, "clear data"). */
export function forgetOpenedDataStores(): void {
  opening = undefined;
}
