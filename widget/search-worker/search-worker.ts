/**
 * Worker entry (ADR 0004): builds the search engine from the corpus texts the page sends
 * and answers queries, so BM25 index builds (100-500 ms each) never block the page. Indexes
 * are restored from snapshots stored with the corpus version when there are any (sent by the
 * page, or read here from IndexedDB); each index built here is saved as a snapshot for the
 * next visit, after `ready`.
 */
import { Corpus } from '../../data/corpus/corpus.js';
import { createSearchEngine, type RetrievalAssist, type SearchEngine, type VectorQuery } from '../../data/search/search-engine.js';
import { parseVectorIndex } from '../../data/index/vector-index-loader.js';
import { createFlatVectorSearch } from '../../data/index/flat-vector-search.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import type { SearchTrack } from '../../data/search/query/language-detect.js';
import type { SearchWorkerRequest, SearchWorkerResponse } from './search-worker-protocol.js';
import { usableTopics } from '../../data/topics/topic-data.js';
import type { TopicVectors } from '../../data/topics/topic-index.js';
import type { DataStore } from '../data-cache/data-store.js';
import { openIdbDataStore } from '../data-cache/idb-data-store.js';
import { readLexicalSnapshots } from '../snapshots/lexical-snapshot-store.js';
import { createSnapshotSaver } from '../snapshots/lexical-snapshot-saver.js';

interface WorkerState {
  readonly corpus: Corpus;
  readonly engine: SearchEngine;
  readonly vectors: { readonly search: VectorSearch; readonly manifest: VectorIndexManifest } | null;
  /** Call after each use of the engine: saves the indexes it built. */
  readonly noticeBuilds: () => void;
  /** The tracks indexed at start (the page's languages): their topic matchers are built as soon as topics arrive. */
  readonly prepared: readonly SearchTrack[];
}

let state: Promise<WorkerState> | undefined;
/** The topic index's vectors, once the page sends the topics (keywords only without them). */
let topicVectors: TopicVectors | undefined;

/**
 * A fused search before the vectors arrive (a first visit): keyword search, as the vectors would
 * only add to it; but for a question whose translation is still downloading, what the page's
 * engine answers with a still-downloading index (a fusion with no vector hits) instead of the
 * keyword search's "load the translation first" error.
 */
function withoutVectors(engine: SearchEngine, query: string, vector: Float32Array, lang: string | undefined, assist: RetrievalAssist | undefined) {
  const options = { ...(lang === undefined ? {} : { lang }), ...(assist ? { assist } : {}) };
  if (engine.isTrackLoaded(engine.requiredTrack(query, lang))) return engine.lexical(query, options);
  const none: VectorQuery = { search: { kind: 'loading', dims: vector.length, search: () => [] }, vector, floors: { primary: 1, fallback: 1 } };
  return engine.hybrid(query, none, options);
}
const post = (message: SearchWorkerResponse) => (self as unknown as Worker).postMessage(message);

async function init(m: Extract<SearchWorkerRequest, { type: 'init' }>): Promise<WorkerState> {
  const corpus = new Corpus({ manifest: m.manifest, surahs: { surahs: m.surahs }, arabic: m.arabic, tracks: m.tracks });
  const engine = createSearchEngine(corpus);
  // The worker's own IndexedDB connection (same database as the page's data cache).
  const stores: Promise<readonly DataStore[]> = openIdbDataStore(1000).then((idb) => (idb ? [idb] : []));
  const snapshots = m.snapshots ?? [
    ...(await readLexicalSnapshots(await stores, corpus.manifest, [...m.prepare, ...Object.keys(m.tracks)] as SearchTrack[]).catch(() => new Map())).values(),
  ];
  for (const bytes of snapshots) {
    const offer = engine.importSnapshot(bytes);
    if (!offer.accepted) console.info(`quran-dai: a cached search index was not used (${offer.reason})`);
  }
  let vectors: WorkerState['vectors'] = null;
  if (m.vectors) {
    // Verified before it was stored; decode in place.
    const { vectors: q } = await parseVectorIndex(m.vectors.manifest, m.vectors.files, { verify: false });
    vectors = { search: createFlatVectorSearch(q), manifest: m.vectors.manifest };
  }
  const prepareMs: Record<string, number> = {};
  for (const track of m.prepare) {
    const t0 = performance.now();
    engine.prepare(track);
    prepareMs[track] = Math.round(performance.now() - t0);
  }
  post({ type: 'ready', prepareMs, restored: m.prepare.filter((t) => engine.indexOrigin(t) === 'restored') });
  // Saved after ready: queries are answered meanwhile (each save is its own task).
  const noticeBuilds = createSnapshotSaver({ engine, manifest: corpus.manifest, stores, schedule: (save) => setTimeout(() => void save(), 0) });
  noticeBuilds();
  return { corpus, engine, vectors, noticeBuilds, prepared: m.prepare };
}

self.onmessage = async (event: MessageEvent<SearchWorkerRequest>) => {
  const m = event.data;
  if (m.type === 'init') {
    state = init(m);
    state.catch((e: unknown) => post({ type: 'error', id: null, message: (e as Error).message }));
    return;
  }
  try {
    if (!state) throw new Error('search worker used before init');
    const { corpus, engine, vectors, noticeBuilds, prepared } = await state;
    switch (m.type) {
      case 'lexical':
        post({ type: 'result', id: m.id, result: engine.lexical(m.query, { lang: m.lang, ...(m.assist ? { assist: m.assist } : {}) }) });
        return noticeBuilds();
      case 'hybrid':
        post({
          type: 'result',
          id: m.id,
          result: vectors
            ? engine.hybrid(
                m.query,
                { search: vectors.search, vector: m.vector, floors: vectors.manifest.floors, ...(topicVectors ? { topicVectors } : {}) },
                { lang: m.lang, ...(m.assist ? { assist: m.assist } : {}) },
              )
            : withoutVectors(engine, m.query, m.vector, m.lang, m.assist),
        });
        return noticeBuilds();
      case 'required-track':
        return post({ type: 'result', id: m.id, result: engine.requiredTrack(m.query, m.lang) });
      case 'add-track':
        corpus.addTrack(m.track, m.file);
        return post({ type: 'result', id: m.id, result: null });
      case 'add-explanation':
        // The Arabic indexes are built again with it on their next use.
        corpus.addExplanation(m.lang, m.file);
        return post({ type: 'result', id: m.id, result: null });
      case 'use-topics': {
        const topics = await usableTopics(m.data, (reason) => console.warn(`quran-dai: topics are matched by keywords only (${reason})`));
        engine.useTopics(topics.index);
        topicVectors = topics.vectors;
        post({ type: 'result', id: m.id, result: null });
        // The topic matchers of the page's languages, in a task of their own, so the next question does not build them
        // (an index built again meanwhile, the Arabic one once its explanation came, is saved like any other).
        setTimeout(() => {
          for (const track of prepared) engine.prepare(track);
          noticeBuilds();
        }, 0);
        return;
      }
    }
  } catch (e) {
    post({ type: 'error', id: 'id' in m ? m.id : null, message: (e as Error).message });
  }
};
