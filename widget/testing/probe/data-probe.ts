/**
 * Browser probe (built like the widget, loaded by the bench and the ADR 0004 measurement):
 * loads the data exactly as the widget does (a small first script that asks for the corpus
 * manifest, then the data code), builds the search, and records how long each
 * step took and every main-thread long task (> 50 ms) seen meanwhile. Results land on
 * `window.__quranDaiProbe` for Playwright to read.
 */
import type { DataLoadPhase } from '../../data-cache/load-quran-data.js';
import { requestCorpusManifestEarly, takeEarlyCorpusManifest } from '../../data-cache/early-response.js';
import { importDataCode } from '../../data-cache/import-data-code.js';

export interface ProbeResult {
  readonly ok: boolean;
  readonly error?: string;
  readonly fromCache: boolean;
  /** ms from navigation start to data loaded (verified, stored or read). */
  readonly dataReadyMs: number;
  /** ms from navigation start to keyword-searchable (corpus loaded + English index built + one query answered). */
  readonly readyMs: number;
  /** ms from navigation start to the vector index verified, stored and searchable too (a staged index: its signs). */
  readonly indexReadyMs: number;
  /** A staged index: ms from navigation start to its exact vectors (the magnitudes) searching too. */
  readonly indexRefinedMs?: number;
  /** With `topics=<lang>`: ms from navigation start to the topic index (and its vectors) loaded, as the widget loads it after the first results. */
  readonly topicsReadyMs?: number;
  /** ms from data loaded to the first query answered (engine + BM25 index build). */
  readonly buildSearchMs: number;
  readonly firstQueryHits: number;
  /** ms to make each track's BM25 index on the main thread (built, or restored: see `indexOrigin`). */
  readonly prepareMs: Readonly<Record<string, number>>;
  /** Whether each track's index was built from the text or restored from a snapshot saved by an earlier visit. */
  readonly indexOrigin?: Readonly<Record<string, string>>;
  /** Bytes of each index snapshot this visit saved in IndexedDB (after "ready"). */
  readonly snapshotBytes?: Readonly<Record<string, number>>;
  readonly longTasks: readonly { readonly startMs: number; readonly durationMs: number }[];
  readonly phases: Partial<Record<DataLoadPhase, number>>;
  readonly vectorSearch: boolean;
  /** User Timing marks of the data cache (`quran-dai:*`), ms from navigation start. */
  readonly marks?: Readonly<Record<string, number>>;
}

declare global {
  interface Window {
    __quranDaiProbe?: ProbeResult;
  }
}

const longTasks: { startMs: number; durationMs: number }[] = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) longTasks.push({ startMs: Math.round(e.startTime), durationMs: Math.round(e.duration) });
  }).observe({ type: 'longtask', buffered: true });
} catch {
  // longtask timing is Chromium-only; the probe still reports times elsewhere
}

/** ms from navigation start to the topic index and its vectors loaded, in the visitor's language. */
async function loadProbeTopics(dataBase: string, indexId: string | null, lang: string): Promise<number> {
  const [{ loadTopicData }, { openDataStores }] = await Promise.all([
    import('../../data-cache/load-topic-data.js'),
    import('../../data-cache/open-data-stores.js'),
  ]);
  const topics = await loadTopicData({
    dataBase,
    indexManifestUrl: indexId ? `${dataBase}/index/${indexId}/manifest.json` : null,
    stores: openDataStores(),
    lang,
  });
  if (!topics) throw new Error('the topic index did not load');
  return Math.round(performance.now());
}

async function run(): Promise<void> {
  const params = new URL(location.href).searchParams;
  const dataBase = params.get('dataBase') ?? '/data';
  const indexId = params.get('index');
  // snapshots=off: build every index from the text, as the widget did before index snapshots.
  const snapshots = params.get('snapshots') !== 'off';
  const phases: Partial<Record<DataLoadPhase, number>> = {};
  try {
    // As the element does: the corpus manifest is asked for while the data code downloads.
    requestCorpusManifestEarly(dataBase);
    // The search code comes beside the data, as the widget's worker does; the data waits for none of it.
    const searchCode = Promise.all([import('../../snapshots/lexical-snapshot-store.js'), import('./probe-search.js')]);
    const { loadQuranData, vectorSearchReady, vectorSearchRefined } = await importDataCode();
    const earlyCorpusManifest = takeEarlyCorpusManifest(dataBase);
    const data = await loadQuranData({
      ...(earlyCorpusManifest ? { earlyCorpusManifest } : {}),
      dataBase,
      tracks: ['en'],
      index: indexId ? { id: indexId, manifestUrl: `${dataBase}/index/${indexId}/manifest.json` } : null,
      onProgress: (p) => (phases[p.phase] ??= Math.round(performance.now())),
    });
    const dataReadyMs = performance.now();
    const [{ laterLexicalSnapshotsOf }, { buildProbeSearch }] = await searchCode;
    // Searchable = an English question answered: the English BM25 index is built (or restored
    // from a snapshot) on the way. The Arabic index is made lazily by the first Arabic question;
    // timed separately.
    const search = buildProbeSearch(data.corpus, { snapshots });
    const prepareMs = { en: search.prepare('en') };
    const hits = search.count('patience and prayer', 'en');
    const readyMs = performance.now();
    const buildSearchMs = readyMs - dataReadyMs;
    // As the widget does: the topic index starts loading once the verses are searchable, beside the vectors.
    const topicsLang = params.get('topics');
    const topicsLoaded = topicsLang ? loadProbeTopics(dataBase, indexId, topicsLang) : undefined;
    const vectorReady = await vectorSearchReady(data.vectorSearch);
    const indexReadyMs = Math.max(readyMs, performance.now());
    const refined = vectorSearchRefined(data.vectorSearch).then((ok) => (ok ? Math.round(Math.max(indexReadyMs, performance.now())) : undefined));
    const topicsReadyMs = topicsLoaded ? await topicsLoaded : undefined;
    const indexRefinedMs = await refined;
    // The Arabic snapshot is read after the corpus (repeat visits); wait for it, outside the timing.
    await laterLexicalSnapshotsOf(data.corpus);
    Object.assign(prepareMs, { 'arabic-search': search.prepare('arabic-search') });
    const indexOrigin = { en: search.origin('en') ?? 'none', 'arabic-search': search.origin('arabic-search') ?? 'none' };
    // Stored before the result is published, so a reload right after finds them.
    const snapshotBytes = await search.saveSnapshots();
    // Let the long-task observer deliver entries from the last task.
    await new Promise((r) => setTimeout(r, 50));
    window.__quranDaiProbe = {
      ok: true,
      fromCache: data.fromCache,
      dataReadyMs: Math.round(dataReadyMs),
      readyMs: Math.round(readyMs),
      indexReadyMs: Math.round(indexReadyMs),
      ...(topicsReadyMs === undefined ? {} : { topicsReadyMs }),
      ...(indexRefinedMs === undefined ? {} : { indexRefinedMs }),
      buildSearchMs: Math.round(buildSearchMs),
      firstQueryHits: hits,
      prepareMs,
      indexOrigin,
      snapshotBytes,
      longTasks,
      phases,
      vectorSearch: vectorReady,
      marks: Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('quran-dai:'))
          .map((m) => [m.name, Math.round(m.startTime)]),
      ),
    };
  } catch (e) {
    window.__quranDaiProbe = {
      ok: false,
      error: String((e as Error)?.message ?? e),
      fromCache: false,
      dataReadyMs: 0,
      readyMs: 0,
      indexReadyMs: 0,
      buildSearchMs: 0,
      firstQueryHits: 0,
      prepareMs: {},
      longTasks,
      phases,
      vectorSearch: false,
    };
  }
}

void run();
