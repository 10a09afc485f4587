/**
 * @module
 * LRU cache with coalescing of identical in-flight computations: while the first request
 * for a key is still waiting on the upstream, later ones share its promise, so a popular
 * question costs one upstream call. Failures are not cached.
 */

export type CacheSource = 'hit' | 'miss' | 'coalesced';

export interface LruCoalescingCacheOptions {
  /** Entries kept. 0 disables caching (coalescing still applies). Default 1,000. */
  maxEntries?: number;
}

export const DEFAULT_LRU_COALESCING_CACHE_OPTIONS = { maxEntries: 1000 } satisfies Required<LruCoalescingCacheOptions>;

export class LruCoalescingCache<V> {
  readonly #max: number;
  readonly #values = new Map<string, V>();
  readonly #inFlight = new Map<string, Promise<V>>();

  constructor(options: LruCoalescingCacheOptions = {}) {
    this.#max = { ...DEFAULT_LRU_COALESCING_CACHE_OPTIONS, ...options }.maxEntries;
  }

  get size(): number {
    return this.#values.size;
  }

  /** The cached value, or the shared in-flight computation, or a new one. */
  async get(key: string, compute: () => Promise<V>): Promise<{ value: V; source: CacheSource }> {
    const hit = this.#values.get(key);
    if (hit !== undefined) {
      // Re-insert: Map iteration order is insertion order, so the first key is least recent.
      this.#values.delete(key);
      this.#values.set(key, hit);
      return { value: hit, source: 'hit' };
    }
    const pending = this.#inFlight.get(key);
    if (pending) return { value: await pending, source: 'coalesced' };
    const p = compute();
    this.#inFlight.set(key, p);
    try {
      const value = await p;
      this.#store(key, value);
      return { value, source: 'miss' };
    } finally {
      this.#inFlight.delete(key);
    }
  }

  #store(key: string, value: V): void {
    if (this.#max <= 0) return;
    this.#values.set(key, value);
    while (this.#values.size > this.#max) this.#values.delete(this.#values.keys().next().value!);
  }
}

/** Cache key for a query: NFC, trimmed, inner whitespace collapsed (case kept: it can matter). */
export function embedCacheKey(text: string): string {
  return text.normalize('NFC').trim().replace(/\s+/gu, ' ');
}
