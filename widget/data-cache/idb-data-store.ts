/**
 * IndexedDB-backed `DataStore` (idb). Parts are keyed `[slot, version, part]` so one key
 * range finds every version of a slot; the `current` store holds one pointer per slot,
 * written last inside the same transaction as the parts it points at.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { DataStore, StoredVersion } from './data-store.js';

export const DATA_DB_NAME = 'quran-dai-data';
const DB_VERSION = 1;

type PartKey = [slot: string, version: string, part: string];

interface DataDb extends DBSchema {
  parts: { key: PartKey; value: Uint8Array };
  current: { key: string; value: StoredVersion };
}

export class IdbDataStore implements DataStore {
  readonly kind = 'indexeddb' as const;
  constructor(private readonly db: IDBPDatabase<DataDb>) {}

  async current(slot: string): Promise<StoredVersion | undefined> {
    return this.db.get('current', slot);
  }

  async readPart(slot: string, version: string, part: string): Promise<Uint8Array | undefined> {
    return this.db.get('parts', [slot, version, part]);
  }

  async commitVersion(slot: string, stored: StoredVersion, parts: ReadonlyMap<string, Uint8Array>): Promise<void> {
    const tx = this.db.transaction(['parts', 'current'], 'readwrite');
    // Errors surface through tx.done (which rejects when the transaction aborts); an early
    // throw from put (quota) aborts the transaction so no part and no pointer is kept.
    try {
      const puts: Promise<unknown>[] = [...parts].map(([part, bytes]) => tx.objectStore('parts').put(bytes, [slot, stored.version, part]));
      puts.push(tx.objectStore('current').put(stored, slot));
      await Promise.all([...puts, tx.done]);
    } catch (e) {
      abortQuietly(tx);
      await tx.done.catch(() => undefined);
      throw e;
    }
  }

  async addPart(slot: string, version: string, part: string, bytes: Uint8Array): Promise<void> {
    const tx = this.db.transaction(['parts', 'current'], 'readwrite');
    try {
      // Only attach to the version that is still current (another tab may have moved on).
      const cur = await tx.objectStore('current').get(slot);
      if (cur?.version === version) await tx.objectStore('parts').put(bytes, [slot, version, part]);
      await tx.done;
    } catch (e) {
      abortQuietly(tx);
      await tx.done.catch(() => undefined);
      throw e;
    }
  }

  async deletePart(slot: string, version: string, part: string): Promise<void> {
    await this.db.delete('parts', [slot, version, part]);
  }

  async slots(): Promise<string[]> {
    return this.db.getAllKeys('current');
  }

  async deleteSlot(slot: string): Promise<void> {
    const tx = this.db.transaction(['parts', 'current'], 'readwrite');
    // Pointer first, in the same transaction: a half-deleted slot is never "current".
    await tx.objectStore('current').delete(slot);
    await tx.objectStore('parts').delete(IDBKeyRange.bound([slot], [slot, []]));
    await tx.done;
  }

  async deleteOtherVersions(slot: string, keep: string): Promise<void> {
    const tx = this.db.transaction('parts', 'readwrite');
    // Arrays sort after strings, so [slot, []] is above every [slot, version, part].
    const range = IDBKeyRange.bound([slot], [slot, []]);
    for (let cursor = await tx.store.openKeyCursor(range); cursor; cursor = await cursor.continue()) {
      if (cursor.key[1] !== keep) await tx.store.delete(cursor.primaryKey);
    }
    await tx.done;
  }
}

function abortQuietly(tx: { abort(): void }): void {
  try {
    tx.abort();
  } catch {
    // already finished or aborted
  }
}

/**
 * Open the data database, or undefined when IndexedDB is missing, blocked by another tab
 * holding an old version, or refused (private mode): the caller falls back to memory.
 */
export async function openIdbDataStore(timeoutMs = 3000): Promise<IdbDataStore | undefined> {
  if (typeof indexedDB === 'undefined') return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const opening = openDB<DataDb>(DATA_DB_NAME, DB_VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains('parts')) db.createObjectStore('parts');
        if (!db.objectStoreNames.contains('current')) db.createObjectStore('current');
      },
      blocking() {
        // A newer tab wants to upgrade: let it, this page keeps what it already read.
        void opening.then((db) => db.close());
      },
    });
    const timeout = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), timeoutMs);
    });
    const db = await Promise.race([opening, timeout]);
    if (!db) {
      void opening.then((late) => late.close()).catch(() => undefined);
      return undefined;
    }
    return new IdbDataStore(db);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
