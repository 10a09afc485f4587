/**
 * @module
 * LRU cache with coalescing of identical in-flight computations: while the first request
 * for a key is still waiting on the upstream, later ones share its promise, so a popular
 * question costs one upstream call. Failures are not cached. An optional shared tier (Redis)
 * sits behind the LRU so instances share what any of them has computed; it is best effort:
 * when it fails, the value is computed as if it were empty.
 */

export type CacheSource = 'hit' | 'shared' | 'miss' | 'coalesced';

/** A cache shared by several proxy instances. Implementations may throw; the LRU treats that as a miss. */
export interface SharedCacheTier<V> {
  get(key: string): Promise<V | null>;
  set(key: string, value: V): Promise<void>;
}

export interface LruCoalescingCacheOptions<V> {
  /** Entries kept. 0 disables caching (coalescing still applies). Default 1,000. */
  maxEntries?: number;
  /** Looked up on an LRU miss before computing, and given every computed value. Default none. */
  shared?: SharedCacheTier<V> | null;
}

export const DEFAULT_LRU_COALESCING_CACHE_OPTIONS = { maxEntries: 1000, shared: null } satisfies Required<LruCoalescingCacheOptions<unknown>>;

export class LruCoalescingCache<V> {
  readonly #max: number;
  readonly #shared: SharedCacheTier<V> | null;
  readonly #values = new Map<string, V>();
  readonly #inFlight = new Map<string, Promise<{ value: V; source: 'shared' | 'miss' }>>();

  constructor(options: LruCoalescingCacheOptions<V> = {}) {
    const opts = { ...DEFAULT_LRU_COALESCING_CACHE_OPTIONS, ...options };
    this.#max = opts.maxEntries;
    this.#shared = opts.shared;
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
    if (pending) return { value: (await pending).value, source: 'coalesced' };
    const p = this.#load(key, compute);
    this.#inFlight.set(key, p);
    try {
      const loaded = await p;
      this.#store(key, loaded.value);
      return loaded;
    } finally {
      this.#inFlight.delete(key);
    }
  }

  async #load(key: string, compute: () => Promise<V>): Promise<{ value: V; source: 'shared' | 'miss' }> {
    const shared = this.#shared;
    if (!shared) return { value: await compute(), source: 'miss' };
    const found = await shared.get(key).catch(() => null);
    if (found !== null) return { value: found, source: 'shared' };
    const value = await compute();
    void shared.set(key, value).catch(() => undefined);
    return { value, source: 'miss' };
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
