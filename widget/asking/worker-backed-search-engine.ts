/**
 * The widget's search engine as shipped (ADR 0004): BM25 builds and queries run in the search
 * Worker (`widget/search-worker/start-search-worker.ts`), so the first question does not block
 * the page. When no Worker can start (a host CSP without `worker-src blob:`, `file://`, an old
 * browser), the in-page engine takes over: same results, slower first question.
 *
 * It also keeps the worker in step with the page: translations loaded later are sent to it,
 * and a vector index that was still downloading at boot (first visit) is handed over by
 * starting a second worker with the vectors and switching to it once it is ready.
 */
import { SEARCHED_EXPLANATION_LANGS } from '../../data/search/searched-explanations.js';
import { TRANSLATION_LANGS, TRANSLITERATION_KEY, type ExplanationLang, type TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import { retrievalQuery } from '../../data/search/query/retrieval-query.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { AsyncSearchEngine, SearchWorkerOptions } from '../search-worker/start-search-worker.js';
import type { WidgetSearchEngine } from './search-engine-port.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import type { RetrievalAssist } from '../../data/search/search-engine.js';

export interface WorkerBackedSearchEngineOptions {
  readonly corpus: Corpus;
  /** The page's vector search (possibly a still-downloading `DeferredVectorSearch`), or null. */
  readonly vectorSearch: VectorSearch | null;
  readonly indexManifest: VectorIndexManifest | null;
  /** Starts the worker engine (`startSearchWorker`); may throw or reject when no Worker can start. */
  readonly startWorker: (options: SearchWorkerOptions) => Promise<AsyncSearchEngine>;
  /** The in-page engine; made (and its code loaded) only when the worker cannot start. */
  readonly inPage: () => WidgetSearchEngine | Promise<WidgetSearchEngine>;
  /** The verified vector files of a loaded index by path (`verifiedVectorFiles`); undefined while they download. */
  readonly vectorFiles: (manifest: VectorIndexManifest) => ReadonlyMap<string, Uint8Array> | undefined;
  /** Resolves true once `vectorSearch` can answer (`vectorSearchReady`). */
  readonly vectorsReady: (vectorSearch: VectorSearch | null) => Promise<boolean>;
  /** Resolves true once a staged `vectorSearch` has its exact vectors too (`vectorSearchRefined`); false when there is nothing to refine. */
  readonly vectorsRefined?: (vectorSearch: VectorSearch | null) => Promise<boolean>;
  /** Told why the in-page engine is used instead of the worker. Default: `console.warn`. */
  readonly onFallback?: (error: Error) => void;
  /**
   * A worker that neither starts nor answers within this time (killed for memory on a cheap
   * phone, stuck) is retired and the page takes over, instead of "Searching…" forever.
   * Default 20 s: far above a slow phone's first Arabic index build (about 2 s).
   */
  readonly workerTimeoutMs?: number;
}

export const DEFAULT_WORKER_TIMEOUT_MS = 20_000;

const TRACKS: readonly TextTrackId[] = [...TRANSLATION_LANGS, TRANSLITERATION_KEY];

/** One engine behind the port: a worker (with its track bookkeeping) or the in-page one. */
interface Backend {
  readonly kind: 'worker' | 'in-page';
  lexical(query: string, lang: string, assist?: RetrievalAssist): Promise<SearchResult>;
  hybrid(query: string, vector: Float32Array, lang: string, assist?: RetrievalAssist): Promise<SearchResult>;
  missingTrack(query: string, lang: string): Promise<TextTrackId | undefined>;
  useTopics(data: TopicData): Promise<void>;
  /** Terminate once the calls already sent have answered. */
  retire(): void;
}

export function createWorkerBackedSearchEngine(options: WorkerBackedSearchEngineOptions): WidgetSearchEngine {
  const { corpus, vectorSearch, indexManifest } = options;
  const onFallback = options.onFallback ?? ((e: Error) => console.warn(`quran-dai: searching on the page (${e.message})`));
  const timeoutMs = options.workerTimeoutMs ?? DEFAULT_WORKER_TIMEOUT_MS;
  let disposed = false;
  /** The topics, once loaded: every backend gets them (a worker started later too). */
  let topics: TopicData | undefined;
  /** The topics each backend holds: new ones (another language's file joined) are sent again. */
  const topicsSent = new WeakMap<Backend, TopicData>();
  const withTopics = async (b: Backend): Promise<Backend> => {
    const now = topics;
    if (now && topicsSent.get(b) !== now) {
      topicsSent.set(b, now);
      await b.useTopics(now).catch((e: unknown) => {
        if (topicsSent.get(b) === now) topicsSent.delete(b);
        console.warn(`quran-dai: topics not used for this search: ${(e as Error).message}`);
      });
    }
    return b;
  };

  const vectorsNow = (): SearchWorkerOptions['vectors'] => {
    const files = vectorSearch && indexManifest ? options.vectorFiles(indexManifest) : undefined;
    return files && indexManifest ? { manifest: indexManifest, files } : null;
  };
  const startBackend = (vectors: SearchWorkerOptions['vectors']): Promise<Backend> => {
    // The tracks the worker receives at start; later ones are sent before the next query.
    const sent = new Set(TRACKS.filter((t) => corpus.hasTrack(t)));
    try {
      const pending = options.startWorker({ corpus, vectors });
      const started = withTimeout(pending, timeoutMs, 'start');
      // A worker that starts after we gave up on it is stopped rather than left running.
      started.catch(() =>
        pending.then(
          (late) => late.terminate(),
          () => undefined,
        ),
      );
      return started.then((worker) => workerBackend(worker, corpus, sent, timeoutMs));
    } catch (e) {
      // `new Worker` throws synchronously in some browsers (CSP, file://) or is missing altogether.
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  };

  const initialVectors = vectorsNow();
  const fallBack = async (e: unknown): Promise<Backend> => {
    onFallback(e instanceof Error ? e : new Error(String(e)));
    return inPageBackend(await options.inPage());
  };
  let current: Promise<Backend> = startBackend(initialVectors).catch(fallBack);

  /** Run on the current engine; if the worker itself failed (not the query), continue on the page. */
  const run = async <T>(op: (b: Backend) => Promise<T>): Promise<T> => {
    const used = current;
    const backend = await withTopics(await used);
    try {
      return await op(backend);
    } catch (e) {
      if (backend.kind !== 'worker' || !isWorkerFailure(e) || disposed) throw e;
      if (current === used) {
        backend.retire();
        current = fallBack(e);
      }
      return op(await withTopics(await current));
    }
  };

  /**
   * Set once the vectors are on the page and a worker that has them is starting: a fused search
   * waits for it (a few seconds at most, bounded by the worker timeout) rather than get the old
   * worker's keyword-only (or coarser) list. A search while the vectors still download does not wait.
   */
  let vectorWorkerStarting: Promise<void> | undefined;
  /** Hands the search to a new worker started with `vectors`, and retires the old one. */
  const switchToWorkerWith = async (vectors: SearchWorkerOptions['vectors']): Promise<void> => {
    if (!vectors || disposed || (await current).kind !== 'worker') return;
    vectorWorkerStarting = (async () => {
      const next = await startBackend(vectors).catch(() => null);
      if (!next) return;
      if (disposed) return next.retire();
      const previous = current;
      current = Promise.resolve(next);
      (await previous).retire();
    })();
    await vectorWorkerStarting;
    vectorWorkerStarting = undefined;
  };
  if (vectorSearch && indexManifest) {
    void (async () => {
      // First visit: the index was still downloading at boot. The in-page engine picks it up by
      // itself (DeferredVectorSearch); a worker needs the bytes, so start one that has them.
      if (!initialVectors) {
        if (!(await options.vectorsReady(vectorSearch))) return;
        await switchToWorkerWith(vectorsNow());
      }
      // A staged index: the same again once its exact vectors follow its signs.
      if (await (options.vectorsRefined?.(vectorSearch) ?? false)) await switchToWorkerWith(vectorsNow());
    })();
  }

  return {
    lexical: (query, lang, assist) => run((b) => b.lexical(query, lang, assist)),
    hybrid: async (query, vector, lang, assist) => {
      if (vectorWorkerStarting) await vectorWorkerStarting;
      return run((b) => b.hybrid(query, vector, lang, assist));
    },
    missingTrack: (query, lang) => run((b) => b.missingTrack(query, lang)),
    useTopics: async (data) => {
      topics = data;
      await withTopics(await current);
    },
    retrievalQuery,
    dispose: () => {
      disposed = true;
      void current.then((b) => b.retire());
    },
  };
}

/** The client rejects every pending call with this prefix when the worker errors (start-search-worker.ts). */
function isWorkerFailure(e: unknown): boolean {
  return e instanceof Error && e.message.startsWith('search worker failed');
}

function inPageBackend(engine: WidgetSearchEngine): Backend {
  return {
    kind: 'in-page',
    lexical: (q, lang, assist) => engine.lexical(q, lang, assist),
    hybrid: (q, v, lang, assist) => engine.hybrid(q, v, lang, assist),
    missingTrack: async (q, lang) => engine.missingTrack?.(q, lang),
    useTopics: async (data) => engine.useTopics?.(data),
    retire: () => engine.dispose?.(),
  };
}

/** Rejects like a crashed worker (so the caller falls back) when `work` takes longer than `ms`. */
function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`search worker failed: no ${what} answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

function workerBackend(worker: AsyncSearchEngine, corpus: Corpus, sent: Set<TextTrackId>, timeoutMs: number): Backend {
  let inFlight = 0;
  let retired = false;
  let syncing: Promise<void> = Promise.resolve();
  const explanationsSent = new Set<ExplanationLang>();
  /** Send the translations and explanations the page loaded since (the worker searches its own copy of the texts). */
  const syncTracks = (): Promise<void> => {
    // A failed send fails this query only; the next one tries again.
    syncing = syncing
      .catch(() => undefined)
      .then(async () => {
        for (const track of TRACKS) {
          if (!corpus.hasTrack(track) || sent.has(track)) continue;
          await worker.addTrack(track);
          sent.add(track);
        }
        for (const lang of SEARCHED_EXPLANATION_LANGS) {
          if (!corpus.hasExplanation(lang) || explanationsSent.has(lang)) continue;
          await worker.addExplanation(lang);
          explanationsSent.add(lang);
        }
      });
    return syncing;
  };
  const tracked = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight++;
    try {
      await withTimeout(syncTracks(), timeoutMs, 'track');
      return await withTimeout(work(), timeoutMs, 'search');
    } finally {
      inFlight--;
      if (retired && inFlight === 0) worker.terminate();
    }
  };
  return {
    kind: 'worker',
    lexical: (q, lang, assist) => tracked(() => worker.lexical(q, lang, assist)),
    hybrid: (q, v, lang, assist) => tracked(() => worker.hybrid(q, v, lang, assist)),
    missingTrack: (q, lang) =>
      tracked(async () => {
        const track = await worker.requiredTrack(q, lang);
        return track === 'arabic-search' || corpus.hasTrack(track) ? undefined : track;
      }),
    useTopics: (data) => tracked(() => worker.useTopics(data)),
    retire: () => {
      retired = true;
      if (inFlight === 0) worker.terminate();
    },
  };
}
