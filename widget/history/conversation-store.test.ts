import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IDBFactory } from 'fake-indexeddb';
import { MAX_STORED_EXCHANGES, openConversationStore, type ConversationExchange } from './conversation-store.js';

const exchange = (n: number): ConversationExchange => ({ question: `q${n}`, answer: `a${n}`, refs: ['2:153'], context: ['2:148-158'], at: n });

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('when IndexedDB is available', () => {
  it('should keep exchanges across openings, oldest first, until cleared', async () => {
    const first = await openConversationStore();
    expect(first.kind).toBe('indexeddb');
    await first.append(exchange(1));
    await first.append(exchange(2));
    const reopened = await openConversationStore();
    expect(await reopened.list()).toStrictEqual([exchange(1), exchange(2)]);
    await reopened.clear();
    expect(await (await openConversationStore()).list()).toStrictEqual([]);
  });

  it('should keep only the newest exchanges', async () => {
    const store = await openConversationStore();
    for (let n = 0; n < MAX_STORED_EXCHANGES + 3; n++) await store.append(exchange(n));
    const items = await store.list();
    expect(items).toHaveLength(MAX_STORED_EXCHANGES);
    expect(items[0]!.question).toBe('q3');
  });
});

describe('when IndexedDB is missing or fails to open', () => {
  it('should fall back to memory without throwing', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect((await openConversationStore()).kind).toBe('memory');
    vi.stubGlobal('indexedDB', {
      open: () => {
        throw new Error('SecurityError');
      },
    });
    const store = await openConversationStore();
    expect(store.kind).toBe('memory');
    await store.append(exchange(1));
    expect(await store.list()).toStrictEqual([exchange(1)]);
  });
});
