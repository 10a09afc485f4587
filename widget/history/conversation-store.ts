/**
 * The visitor's conversation, kept in IndexedDB (idb) so it survives reloads. IndexedDB is
 * per origin, so each site has its own history. When IndexedDB cannot be opened (private
 * mode, blocked storage) the conversation lives in memory for the page instead, silently.
 */
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

export const CONVERSATION_DB_NAME = 'quran-dai-conversation';
const DB_VERSION = 1;
/** Keep the newest exchanges only; the proxy reads at most 10 history turns anyway. */
export const MAX_STORED_EXCHANGES = 50;

/** One question and the answer given, with the verses retrieved for it. */
export interface ConversationExchange {
  readonly question: string;
  readonly answer: string;
  /** Retrieved verses shown with the answer, as `S:A`, best first. */
  readonly refs: readonly string[];
  /** Context passages (and the hits) sent to the model, as `S:A` / `S:A-B`. */
  readonly context: readonly string[];
  /** Epoch milliseconds. */
  readonly at: number;
  /** The proxy's signature of the answer (from the stream's `finish` part); sent back with it in history, where the proxy drops an answer it cannot verify. */
  readonly signature?: string;
  /** The verse `S:A` when the question was a card's Explain, so the earlier answer keeps its tafsir link. */
  readonly explain?: string;
  /**
   * The mosque's passages the answer was given: the site artefact's version and the passage
   * ids, so its `[site:N]` are checked against them later, and not against passages that
   * rebuilt documents have since put under the same numbers.
   */
  readonly site?: { readonly version: string; readonly chunks: readonly number[] };
}

export interface ConversationStore {
  readonly kind: 'indexeddb' | 'memory';
  /** All stored exchanges, oldest first. */
  list(): Promise<ConversationExchange[]>;
  append(exchange: ConversationExchange): Promise<void>;
  clear(): Promise<void>;
}

interface ConversationDb extends DBSchema {
  exchanges: { key: number; value: ConversationExchange };
}

class IdbConversationStore implements ConversationStore {
  readonly kind = 'indexeddb' as const;
  constructor(private readonly db: IDBPDatabase<ConversationDb>) {}

  async list(): Promise<ConversationExchange[]> {
    return this.db.getAll('exchanges');
  }

  async append(exchange: ConversationExchange): Promise<void> {
    const tx = this.db.transaction('exchanges', 'readwrite');
    await tx.store.add(exchange);
    const keys = await tx.store.getAllKeys();
    for (const key of keys.slice(0, Math.max(0, keys.length - MAX_STORED_EXCHANGES))) await tx.store.delete(key);
    await tx.done;
  }

  async clear(): Promise<void> {
    await this.db.clear('exchanges');
  }
}

/** In-page fallback with the same behaviour. */
export function memoryConversationStore(): ConversationStore {
  let items: ConversationExchange[] = [];
  return {
    kind: 'memory',
    async list() {
      return [...items];
    },
    async append(exchange) {
      items = [...items, exchange].slice(-MAX_STORED_EXCHANGES);
    },
    async clear() {
      items = [];
    },
  };
}

/** IndexedDB when available, memory otherwise; never rejects. */
export async function openConversationStore(): Promise<ConversationStore> {
  // idb's openDB always uses the global indexedDB.
  if (!globalThis.indexedDB) return memoryConversationStore();
  try {
    const db = await openDB<ConversationDb>(CONVERSATION_DB_NAME, DB_VERSION, {
      upgrade(upgradeDb) {
        upgradeDb.createObjectStore('exchanges', { autoIncrement: true });
      },
    });
    return new IdbConversationStore(db);
  } catch (e) {
    console.warn(`quran-dai: conversation kept in memory only (${(e as Error).message})`);
    return memoryConversationStore();
  }
}
