/**
 * The page side of the search worker (ADR 0004): an async search engine whose BM25 builds
 * and queries run in a Worker. The worker file is a separate chunk next to the widget; when
 * the widget is served from another origin than the page (the usual embed), the worker is
 * started from a same-origin blob that loads it with `importScripts` (allowed cross-origin).
 * If no Worker can start (CSP), `startSearchWorker` rejects and the caller keeps the
 * main-thread engine.
 */
import { TRANSLATION_LANGS, TRANSLITERATION_KEY, type ExplanationLang, type TextTrackId } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { SearchTrack } from '../../data/search/query/language-detect.js';
import type { TopicData } from '../../data/topics/topic-data.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { RetrievalAssist } from '../../data/search/search-engine.js';
import type { SearchWorkerRequest, SearchWorkerResponse } from './search-worker-protocol.js';
import searchWorkerUrl from './search-worker.ts?worker&url';

export interface AsyncSearchEngine {
  lexical(query: string, lang?: string, assist?: RetrievalAssist): Promise<SearchResult>;
  /** Lexical fused with the vector ranking of the index given at creation (lexical alone without one). */
  hybrid(query: string, vector: Float32Array, lang?: string, assist?: RetrievalAssist): Promise<SearchResult>;
  requiredTrack(query: string, lang?: string): Promise<SearchTrack>;
  /** Send a translation loaded later (after `corpus.addTrack`) to the worker too. */
  addTrack(track: TextTrackId): Promise<void>;
  /** Send a verse explanation loaded later (after `corpus.addExplanation`) to the worker too. */
  addExplanation(lang: ExplanationLang): Promise<void>;
  /** Search with the topic index (and its vectors) from now on. */
  useTopics(data: TopicData): Promise<void>;
  /** ms the worker spent building each prepared track's index. */
  readonly prepareMs: Readonly<Record<string, number>>;
  terminate(): void;
}

export interface SearchWorkerOptions {
  readonly corpus: Corpus;
  /** The verified vector files by path and their manifest (from the data cache), or null. */
  readonly vectors?: { readonly manifest: VectorIndexManifest; readonly files: ReadonlyMap<string, Uint8Array> } | null;
  /** Tracks to index at once. Default: `preparedTracks(corpus)`. */
  readonly prepare?: readonly SearchTrack[];
  /** Worker script URL. Default: the chunk built next to the widget. */
  readonly workerUrl?: string;
}

/**
 * The tracks a new worker indexes at once: every translation the page has loaded (a page with
 * `translation="fr"` loads French alone, and asking the worker for English failed its start,
 * sending every search back to the main thread) and the Arabic.
 */
export function preparedTracks(corpus: Pick<Corpus, 'hasTrack'>): SearchTrack[] {
  return [...TRANSLATION_LANGS.filter((t) => corpus.hasTrack(t)), 'arabic-search'];
}

/** Start a worker: directly when same-origin, else through a blob that imports the script. */
export function startClassicWorker(url: string): Worker {
  const absolute = new URL(url, import.meta.url).href;
  if (new URL(absolute).origin === globalThis.location?.origin) return new Worker(absolute);
  const blob = new Blob([`importScripts(${JSON.stringify(absolute)});`], { type: 'text/javascript' });
  const blobUrl = URL.createObjectURL(blob);
  try {
    return new Worker(blobUrl);
  } finally {
    URL.revokeObjectURL(blobUrl);
  }
}

export function startSearchWorker(options: SearchWorkerOptions): Promise<AsyncSearchEngine> {
  const { corpus } = options;
  const worker = startClassicWorker(options.workerUrl ?? searchWorkerUrl);
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  const call = <T>(message: WithoutId<Extract<SearchWorkerRequest, { id: number }>>, transfer: Transferable[] = []): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      const id = nextId++;
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ ...message, id }, transfer);
    });

  return new Promise<AsyncSearchEngine>((resolveReady, rejectReady) => {
    worker.onerror = (e) => {
      // A worker that cannot start at all is most often a Content-Security-Policy without blob: workers.
      const error = new Error(
        `search worker failed: ${e.message || "could not start (if the page sends a Content-Security-Policy, add worker-src blob: to it; the README's embed section says what else it needs)"}`,
      );
      rejectReady(error);
      for (const p of pending.values()) p.reject(error);
      pending.clear();
    };
    worker.onmessage = (event: MessageEvent<SearchWorkerResponse>) => {
      const m = event.data;
      if (m.type === 'ready') {
        resolveReady({
          prepareMs: m.prepareMs,
          lexical: (query, lang, assist) => call<SearchResult>({ type: 'lexical', query, lang, ...(assist ? { assist } : {}) }),
          hybrid: (query, vector, lang, assist) => call<SearchResult>({ type: 'hybrid', query, vector, lang, ...(assist ? { assist } : {}) }),
          requiredTrack: (query, lang) => call<SearchTrack>({ type: 'required-track', query, lang }),
          useTopics: (data) => call<void>({ type: 'use-topics', data }),
          addTrack: (track) =>
            call<void>({ type: 'add-track', track, file: { track, name: corpus.trackName(track) ?? track, texts: corpus.trackTexts(track) } }),
          addExplanation: (lang) => {
            const file = corpus.explanationFile(lang);
            if (!file) return Promise.reject(new Error(`the ${lang} explanation is not loaded; add it to the corpus before sending it to the search worker`));
            return call<void>({ type: 'add-explanation', lang, file });
          },
          terminate: () => worker.terminate(),
        });
        return;
      }
      if (m.type === 'error' && m.id === null) {
        rejectReady(new Error(`search worker failed: ${m.message}`));
        return;
      }
      if (m.id === null) return;
      const p = pending.get(m.id);
      pending.delete(m.id);
      if (m.type === 'error') p?.reject(new Error(m.message));
      else p?.resolve(m.result);
    };
    const tracks: Partial<Record<TextTrackId, { track: TextTrackId; name: string; texts: readonly string[] }>> = {};
    for (const id of [...TRANSLATION_LANGS, TRANSLITERATION_KEY]) {
      if (corpus.hasTrack(id)) tracks[id] = { track: id, name: corpus.trackName(id) ?? id, texts: corpus.trackTexts(id) };
    }
    const init: SearchWorkerInit = {
      type: 'init',
      manifest: corpus.manifest,
      surahs: corpus.surahs,
      arabic: { track: 'arabic', name: 'arabic', texts: corpus.trackTexts('arabic') },
      tracks,
      vectors: options.vectors ?? null,
      prepare: options.prepare ?? preparedTracks(corpus),
    };
    worker.postMessage(init);
  });
}

type SearchWorkerInit = Extract<SearchWorkerRequest, { type: 'init' }>;
/** `Omit<U, 'id'>` applied to each member of a union. */
type WithoutId<U> = U extends unknown ? Omit<U, 'id'> : never;
