/**
 * Browser probe for ADR 0004: loads the data like the widget, starts the search worker and
 * records (a) main-thread long tasks while the worker builds the BM25 indexes and (b) that
 * the worker answers exactly like the main-thread engine. Results on `window.__workerProbe`.
 */
import { createSearchEngine } from '../../../data/search/search-engine.js';
import { loadQuranData, vectorSearchReady, vectorSearchRefined, verifiedVectorFiles } from '../../data-cache/load-quran-data.js';
import { startSearchWorker } from '../../search-worker/start-search-worker.js';
import { testHashingVector } from '../../../data/embed/test-hashing-embedder.js';

export interface WorkerProbeResult {
  readonly ok: boolean;
  readonly error?: string;
  /** Long tasks (ms) on the main thread from worker start to worker ready. */
  readonly longTasksDuringWorkerBuild: readonly number[];
  readonly workerPrepareMs: Readonly<Record<string, number>>;
  readonly workerReadyMs: number;
  /** Long tasks (ms) when the same indexes are built on the main thread, for comparison. */
  readonly longTasksDuringMainThreadBuild: readonly number[];
  /** Per query: refs from the worker === refs from the main-thread engine. */
  readonly same: Readonly<Record<string, boolean>>;
  readonly hybridSame: boolean;
  readonly firstRefs: Readonly<Record<string, string>>;
}

declare global {
  interface Window {
    __workerProbe?: WorkerProbeResult;
  }
}

const longTasks: { start: number; duration: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) longTasks.push({ start: e.startTime, duration: Math.round(e.duration) });
}).observe({ type: 'longtask', buffered: true });
/** Long tasks overlapping [a, b] (a task containing the work starts a little before it). */
const tasksBetween = (a: number, b: number) => longTasks.filter((t) => t.start < b && t.start + t.duration > a).map((t) => t.duration);
const settle = () => new Promise((r) => setTimeout(r, 100));
const QUERIES = ['seek help through patience and prayer', 'ما هو الصبر', '2:255', 'mercy and forgiveness'];

async function run(): Promise<void> {
  const params = new URL(import.meta.url).searchParams.size ? new URL(import.meta.url).searchParams : new URL(location.href).searchParams;
  const dataBase = params.get('dataBase') ?? new URL('../../data', import.meta.url).href;
  const indexId = params.get('index');
  const data = await loadQuranData({
    dataBase,
    tracks: ['en'],
    index: indexId ? { id: indexId, manifestUrl: `${dataBase}/index/${indexId}/manifest.json` } : null,
  });
  await vectorSearchReady(data.vectorSearch);
  // A staged index: the page and the worker compare with the same (exact) vectors.
  await vectorSearchRefined(data.vectorSearch);
  await settle();
  const manifest = data.indexManifest;
  const t0 = performance.now();
  const worker = await startSearchWorker({ corpus: data.corpus, vectors: manifest ? { manifest, files: verifiedVectorFiles(manifest)! } : null });
  const t1 = performance.now();
  await settle();
  const duringWorker = tasksBetween(t0, t1);

  const m0 = performance.now();
  const engine = createSearchEngine(data.corpus);
  engine.prepare('en');
  engine.prepare('arabic-search');
  const m1 = performance.now();
  await settle();

  const refs = (r: { hits: readonly { ref: { surah: number; ayah: number } }[] }) => r.hits.map((h) => `${h.ref.surah}:${h.ref.ayah}`).join(',');
  const same: Record<string, boolean> = {};
  const firstRefs: Record<string, string> = {};
  for (const q of QUERIES) {
    const fromWorker = refs(await worker.lexical(q, 'en'));
    same[q] = fromWorker === refs(engine.lexical(q, { lang: 'en' }));
    firstRefs[q] = fromWorker.split(',')[0] ?? '';
  }
  let hybridSame = false;
  if (manifest && data.vectorSearch) {
    const vector = testHashingVector(QUERIES[0]!, manifest.dims);
    const fromWorker = refs(await worker.hybrid(QUERIES[0]!, vector, 'en'));
    hybridSame = fromWorker === refs(engine.hybrid(QUERIES[0]!, { search: data.vectorSearch, vector, floors: manifest.floors }, { lang: 'en' }));
  }
  worker.terminate();
  window.__workerProbe = {
    ok: true,
    longTasksDuringWorkerBuild: duringWorker,
    workerPrepareMs: worker.prepareMs,
    workerReadyMs: Math.round(t1 - t0),
    longTasksDuringMainThreadBuild: tasksBetween(m0, m1 + 1),
    same,
    hybridSame,
    firstRefs,
  };
}

run().catch((e: unknown) => {
  window.__workerProbe = {
    ok: false,
    error: String((e as Error)?.message ?? e),
    longTasksDuringWorkerBuild: [],
    workerPrepareMs: {},
    workerReadyMs: 0,
    longTasksDuringMainThreadBuild: [],
    same: {},
    hybridSame: false,
    firstRefs: {},
  };
});
