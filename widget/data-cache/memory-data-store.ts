/**
 * The fallback when IndexedDB is missing, blocked or full: the same contract, kept for the
 * life of the page so a second widget or a later translation does not download again.
 */
import type { DataStore, StoredVersion } from './data-store.js';

export class MemoryDataStore implements DataStore {
  readonly kind = 'memory' as const;
  readonly #current = new Map<string, StoredVersion>();
  readonly #parts = new Map<string, Uint8Array>();

  async current(slot: string): Promise<StoredVersion | undefined> {
    return this.#current.get(slot);
  }

  async readPart(slot: string, version: string, part: string): Promise<Uint8Array | undefined> {
    return this.#parts.get(partKey(slot, version, part));
  }

  async commitVersion(slot: string, stored: StoredVersion, parts: ReadonlyMap<string, Uint8Array>): Promise<void> {
    for (const [part, bytes] of parts) this.#parts.set(partKey(slot, stored.version, part), bytes);
    this.#current.set(slot, stored);
  }

  async addPart(slot: string, version: string, part: string, bytes: Uint8Array): Promise<void> {
    this.#parts.set(partKey(slot, version, part), bytes);
  }

  async deletePart(slot: string, version: string, part: string): Promise<void> {
    this.#parts.delete(partKey(slot, version, part));
  }

  async slots(): Promise<string[]> {
    return [...this.#current.keys()];
  }

  async deleteSlot(slot: string): Promise<void> {
    this.#current.delete(slot);
    for (const key of [...this.#parts.keys()]) if (key.startsWith(`${slot}\u0000`)) this.#parts.delete(key);
  }

  async deleteOtherVersions(slot: string, keep: string): Promise<void> {
    const prefix = `${slot}\u0000`;
    for (const key of [...this.#parts.keys()]) {
      if (key.startsWith(prefix) && !key.startsWith(`${prefix}${keep}\u0000`)) this.#parts.delete(key);
    }
  }
}

function partKey(slot: string, version: string, part: string): string {
  return `${slot}\u0000${version}\u0000${part}`;
}

let pageStore: MemoryDataStore | undefined;

/** The one memory store of this page. */
export function pageMemoryStore(): MemoryDataStore {
  pageStore ??= new MemoryDataStore();
  return pageStore;
}

/** Forget what the page kept in memory (tests; a "clear data" action). */
export function forgetPageMemoryStore(): void {
  pageStore = undefined;
}
