import { describe, expect, it } from 'vitest';
import { embedCacheKey, LruCoalescingCache } from './embed-cache.js';

describe('when the cache is full', () => {
  it('should evict the least recently used entry', async () => {
    const cache = new LruCoalescingCache<string>({ maxEntries: 2 });
    const computed: string[] = [];
    const get = (k: string) => cache.get(k, async () => (computed.push(k), k.toUpperCase()));
    await get('a');
    await get('b');
    await get('a'); // a is now most recent
    await get('c'); // evicts b
    expect((await get('a')).source).toBe('hit');
    expect((await get('b')).source).toBe('miss');
    expect(computed).toStrictEqual(['a', 'b', 'c', 'b']);
    expect(cache.size).toBe(2);
  });
});

describe('when the same key is requested while in flight', () => {
  it('should share one computation and not cache a failure', async () => {
    const cache = new LruCoalescingCache<number>();
    let calls = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const compute = async () => {
      calls++;
      await gate;
      throw new Error('upstream down');
    };
    const all = Promise.allSettled([cache.get('k', compute), cache.get('k', compute), cache.get('k', compute)]);
    release();
    expect((await all).map((r) => r.status)).toStrictEqual(['rejected', 'rejected', 'rejected']);
    expect(calls).toBe(1);
    expect(await cache.get('k', async () => 7)).toStrictEqual({ value: 7, source: 'miss' });
  });
});

describe('when keys are normalised', () => {
  it('should trim, collapse whitespace and NFC-normalise but keep case', () => {
    expect(embedCacheKey('  What\n is  Patience? ')).toBe('What is Patience?');
    expect(embedCacheKey('e\u0301')).toBe('\u00e9');
  });
});

describe('when a shared tier is given', () => {
  function memoryTier(failing = false) {
    const values = new Map<string, string>();
    return {
      values,
      async get(k: string) {
        if (failing) throw new Error('redis down');
        return values.get(k) ?? null;
      },
      async set(k: string, v: string) {
        if (failing) throw new Error('redis down');
        values.set(k, v);
      },
    };
  }

  it('should answer from what another instance computed, and share what it computes', async () => {
    const tier = memoryTier();
    const first = new LruCoalescingCache<string>({ shared: tier });
    const second = new LruCoalescingCache<string>({ shared: tier });
    const computed: string[] = [];
    expect(await first.get('q', async () => (computed.push('first'), 'Q'))).toStrictEqual({ value: 'Q', source: 'miss' });
    await new Promise((r) => setTimeout(r, 0));
    expect(await second.get('q', async () => (computed.push('second'), 'X'))).toStrictEqual({ value: 'Q', source: 'shared' });
    expect(await second.get('q', async () => 'X')).toStrictEqual({ value: 'Q', source: 'hit' });
    expect(computed).toStrictEqual(['first']);
  });

  it('should compute as if empty when the shared tier fails', async () => {
    const cache = new LruCoalescingCache<string>({ shared: memoryTier(true) });
    expect(await cache.get('q', async () => 'Q')).toStrictEqual({ value: 'Q', source: 'miss' });
    expect(await cache.get('q', async () => 'X')).toStrictEqual({ value: 'Q', source: 'hit' });
  });
});
