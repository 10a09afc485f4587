import { beforeAll, describe, expect, it } from 'vitest';
import { TopicIndex } from '../../data/topics/topic-index.js';
import { SAMPLE_TOPICS } from '../../data/testing/sample-topics.js';
import { loadCorpusFromDir } from '../../data/corpus/corpus-loader-node.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { AsyncSearchEngine, SearchWorkerOptions } from '../search-worker/start-search-worker.js';
import { TEST_INDEX_MANIFEST, fixedVectorSearch } from '../testing/element-harness.js';
import { adaptSearchEngine } from './search-engine-adapter.js';
import { createWorkerBackedSearchEngine, type WorkerBackedSearchEngineOptions } from './worker-backed-search-engine.js';
import { waitUntil } from '../testing/wait-until.js';

let full: Corpus;
beforeAll(async () => {
  full = await loadTestCorpus();
});

const refs = (r: SearchResult): string[] => r.hits.map((h) => `${h.ref.surah}:${h.ref.ayah}`);

/** A stand-in for the worker client: the real engine behind the same async API, with a log. */
interface FakeWorker {
  readonly options: SearchWorkerOptions;
  readonly log: string[];
  terminated: boolean;
}

function fakeWorkers(): { started: FakeWorker[]; startWorker: WorkerBackedSearchEngineOptions['startWorker'] } {
  const started: FakeWorker[] = [];
  const startWorker = async (options: SearchWorkerOptions): Promise<AsyncSearchEngine> => {
    const record: FakeWorker = { options, log: [], terminated: false };
    started.push(record);
    const engine = createSearchEngine(options.corpus);
    const vectors = options.vectors ? fixedVectorSearch([{ index: options.corpus.indexOf({ surah: 39, ayah: 10 }), score: 0.9 }]) : null;
    return {
      prepareMs: {},
      lexical: async (q, lang) => (record.log.push(`lexical ${q}`), engine.lexical(q, { lang })),
      hybrid: async (q, vector, lang) => {
        record.log.push(`hybrid ${q}`);
        return vectors ? engine.hybrid(q, { search: vectors, vector, floors: TEST_INDEX_MANIFEST.floors }, { lang }) : engine.lexical(q, { lang });
      },
      requiredTrack: async (q, lang) => (record.log.push(`required-track ${q}`), engine.requiredTrack(q, lang)),
      addTrack: async (track) => void record.log.push(`add-track ${track}`),
      addExplanation: async (lang) => void record.log.push(`add-explanation ${lang} ${options.corpus.explanationTexts(lang)?.length}`),
      useTopics: async (data) => {
        record.log.push(`use-topics ${data.version}`);
        engine.useTopics(TopicIndex.fromFile(data.file, data.version));
      },
      terminate: () => void (record.terminated = true),
    };
  };
  return { started, startWorker };
}

function options(
  corpus: Corpus,
  overrides: Partial<WorkerBackedSearchEngineOptions>,
): WorkerBackedSearchEngineOptions & { inPageMade: () => number; fallbacks: string[] } {
  let made = 0;
  const fallbacks: string[] = [];
  return {
    corpus,
    vectorSearch: null,
    indexManifest: null,
    startWorker: fakeWorkers().startWorker,
    inPage: () => {
      made++;
      return adaptSearchEngine(createSearchEngine(corpus), corpus, null, null);
    },
    vectorFiles: () => undefined,
    vectorsReady: async () => false,
    onFallback: (e) => fallbacks.push(e.message),
    inPageMade: () => made,
    fallbacks,
    ...overrides,
  };
}

describe('when the search worker starts', () => {
  it('should search in the worker and never build the in-page engine', async () => {
    const workers = fakeWorkers();
    const o = options(full, { startWorker: workers.startWorker });
    const engine = createWorkerBackedSearchEngine(o);
    const result = await engine.lexical('patience and prayer', 'en');
    expect(refs(result)).toStrictEqual(refs(createSearchEngine(full).lexical('patience and prayer', { lang: 'en' })));
    expect(workers.started).toHaveLength(1);
    expect(workers.started[0]!.log).toStrictEqual(['lexical patience and prayer']);
    expect(o.inPageMade()).toBe(0);
    expect(o.fallbacks).toStrictEqual([]);
  });

  it('should terminate the worker when disposed', async () => {
    const workers = fakeWorkers();
    const engine = createWorkerBackedSearchEngine(options(full, { startWorker: workers.startWorker }));
    await engine.lexical('mercy', 'en');
    engine.dispose!();
    await Promise.resolve();
    await Promise.resolve();
    expect(workers.started[0]!.terminated).toBe(true);
  });
});

describe('when no worker can start', () => {
  it('should fall back to the in-page engine when new Worker throws (no Worker, file://)', async () => {
    const o = options(full, {
      startWorker: () => {
        throw new ReferenceError('Worker is not defined');
      },
    });
    const engine = createWorkerBackedSearchEngine(o);
    const result = await engine.lexical('seek help through patience and prayer', 'en');
    expect(refs(result)).toStrictEqual(refs(createSearchEngine(full).lexical('seek help through patience and prayer', { lang: 'en' })));
    expect(await engine.missingTrack!('patience', 'en')).toBeUndefined();
    expect(o.fallbacks).toStrictEqual(['Worker is not defined']);
    expect(o.inPageMade()).toBe(1);
  });

  it('should fall back to the in-page engine when the worker fails to load (CSP)', async () => {
    const o = options(full, { startWorker: () => Promise.reject(new Error('search worker failed: could not start')) });
    const engine = createWorkerBackedSearchEngine(o);
    expect(refs(await engine.lexical('2:255', 'en'))).toStrictEqual(['2:255']);
    expect(refs(await engine.hybrid('2:255', new Float32Array(4), 'en'))).toStrictEqual(['2:255']);
    expect(o.fallbacks).toStrictEqual(['search worker failed: could not start']);
    expect(o.inPageMade()).toBe(1);
  });
});

describe('when the worker fails after it started', () => {
  it('should answer that query and the next ones on the page', async () => {
    const workers = fakeWorkers();
    const o = options(full, {
      startWorker: async (opts) => {
        const worker = await workers.startWorker(opts);
        return { ...worker, lexical: () => Promise.reject(new Error('search worker failed: out of memory')) };
      },
    });
    const engine = createWorkerBackedSearchEngine(o);
    expect(refs(await engine.lexical('2:255', 'en'))).toStrictEqual(['2:255']);
    expect(refs(await engine.lexical('1:1', 'en'))).toStrictEqual(['1:1']);
    expect(o.fallbacks).toStrictEqual(['search worker failed: out of memory']);
    expect(o.inPageMade()).toBe(1);
    expect(workers.started[0]!.terminated).toBe(true);
  });

  it('should give up on a worker that never answers and search on the page', async () => {
    const workers = fakeWorkers();
    const o = options(full, {
      workerTimeoutMs: 50,
      startWorker: async (opts) => ({ ...(await workers.startWorker(opts)), lexical: () => new Promise<SearchResult>(() => undefined) }),
    });
    const engine = createWorkerBackedSearchEngine(o);
    expect(refs(await engine.lexical('2:255', 'en'))).toStrictEqual(['2:255']);
    expect(o.fallbacks).toStrictEqual(['search worker failed: no search answer within 50 ms']);
    expect(workers.started[0]!.terminated).toBe(true);
    expect(o.inPageMade()).toBe(1);
  });

  it('should give up on a worker that never starts and search on the page', async () => {
    const o = options(full, { workerTimeoutMs: 50, startWorker: () => new Promise<AsyncSearchEngine>(() => undefined) });
    const engine = createWorkerBackedSearchEngine(o);
    expect(refs(await engine.lexical('1:1', 'en'))).toStrictEqual(['1:1']);
    expect(o.fallbacks).toStrictEqual(['search worker failed: no start answer within 50 ms']);
  });

  it('should pass on an error of the query itself without leaving the worker', async () => {
    const workers = fakeWorkers();
    const o = options(full, {
      startWorker: async (opts) => ({ ...(await workers.startWorker(opts)), lexical: () => Promise.reject(new Error('bad query')) }),
    });
    const engine = createWorkerBackedSearchEngine(o);
    await expect(engine.lexical('x', 'en')).rejects.toThrow('bad query');
    expect(o.inPageMade()).toBe(0);
  });
});

describe('when a translation is loaded after the worker started', () => {
  it('should send it to the worker once, before the next query', async () => {
    const enOnly = await loadCorpusFromDir({ tracks: ['en'] });
    const workers = fakeWorkers();
    const engine = createWorkerBackedSearchEngine(options(enOnly, { startWorker: workers.startWorker }));
    expect(await engine.missingTrack!('la patience et la prière', 'fr')).toBe('fr');
    enOnly.addTrack('fr', { track: 'fr', name: full.trackName('fr')!, texts: full.trackTexts('fr') });
    await engine.lexical('la patience et la prière', 'fr');
    await engine.lexical('la miséricorde', 'fr');
    expect(workers.started[0]!.log).toStrictEqual([
      'required-track la patience et la prière',
      'add-track fr',
      'lexical la patience et la prière',
      'lexical la miséricorde',
    ]);
  });
});

describe('when the verse explanation is loaded after the first results', () => {
  it('should send it to the worker once, before the next query', async () => {
    const later = await loadCorpusFromDir({ tracks: ['en'] });
    const explained = await loadCorpusFromDir({ tracks: ['en'], explanations: ['ar'] });
    const workers = fakeWorkers();
    const engine = createWorkerBackedSearchEngine(options(later, { startWorker: workers.startWorker }));
    await engine.lexical('الصبر', 'ar');
    later.addExplanation('ar', { track: 'explanation-ar', name: 'ar', texts: explained.explanationTexts('ar')! });
    await engine.lexical('الصلاة', 'ar');
    await engine.lexical('الزكاة', 'ar');
    expect(workers.started[0]!.log).toStrictEqual(['lexical الصبر', 'add-explanation ar 6236', 'lexical الصلاة', 'lexical الزكاة']);
  });
});

describe('when the vector index was still downloading at boot', () => {
  it('should start a worker with the vectors once they are ready, switch to it and retire the first', async () => {
    const workers = fakeWorkers();
    let files: ReadonlyMap<string, Uint8Array> | undefined;
    let release!: (ready: boolean) => void;
    const ready = new Promise<boolean>((r) => (release = r));
    const vectorSearch: VectorSearch = fixedVectorSearch([]);
    const engine = createWorkerBackedSearchEngine(
      options(full, {
        startWorker: workers.startWorker,
        vectorSearch,
        indexManifest: TEST_INDEX_MANIFEST,
        vectorFiles: () => files,
        vectorsReady: () => ready,
      }),
    );
    const before = await engine.hybrid('patience', new Float32Array([1, 0, 0, 0]), 'en');
    expect(before.stage).toBe('lexical');
    expect(workers.started.map((w) => w.options.vectors)).toStrictEqual([null]);

    files = new Map([['vectors.bin', new Uint8Array([1, 2, 3])]]);
    release(true);
    await waitUntil(() => workers.started.length === 2 && workers.started[0]!.terminated);
    expect(workers.started[1]!.options.vectors).toStrictEqual({ manifest: TEST_INDEX_MANIFEST, files });
    const after = await engine.hybrid('patience', new Float32Array([1, 0, 0, 0]), 'en');
    expect(after.stage).toBe('hybrid');
    expect(refs(after)).toContain('39:10');
    expect(workers.started[1]!.log).toStrictEqual(['hybrid patience']);
  });
});

describe('when a staged index gets its exact vectors after its signs', () => {
  it('should start a worker with every file once they are in, switch to it and retire the one with the signs', async () => {
    const workers = fakeWorkers();
    const signs = new Map([['signs.bin', new Uint8Array([1])]]);
    let files: ReadonlyMap<string, Uint8Array> = signs;
    let refine!: (refined: boolean) => void;
    const refined = new Promise<boolean>((r) => (refine = r));
    const engine = createWorkerBackedSearchEngine(
      options(full, {
        startWorker: workers.startWorker,
        vectorSearch: fixedVectorSearch([]),
        indexManifest: TEST_INDEX_MANIFEST,
        vectorFiles: () => files,
        vectorsReady: async () => true,
        vectorsRefined: () => refined,
      }),
    );
    await engine.hybrid('patience', new Float32Array([1, 0, 0, 0]), 'en');
    expect(workers.started.map((w) => w.options.vectors)).toStrictEqual([{ manifest: TEST_INDEX_MANIFEST, files: signs }]);
    files = new Map([...signs, ['magnitudes.bin', new Uint8Array([2])]]);
    refine(true);
    await waitUntil(() => workers.started.length === 2 && workers.started[0]!.terminated);
    expect(workers.started[1]!.options.vectors).toStrictEqual({ manifest: TEST_INDEX_MANIFEST, files });
    await engine.hybrid('patience', new Float32Array([1, 0, 0, 0]), 'en');
    expect(workers.started[1]!.log).toStrictEqual(['hybrid patience']);
  });
});

describe('when the vectors have arrived and the worker with them is still starting', () => {
  it('should let a fused search wait for that worker instead of answering by keyword alone', async () => {
    const workers = fakeWorkers();
    let gate!: () => void;
    const opened = new Promise<void>((r) => (gate = r));
    let files: ReadonlyMap<string, Uint8Array> | undefined;
    let release!: (ready: boolean) => void;
    const ready = new Promise<boolean>((r) => (release = r));
    const startWorker: WorkerBackedSearchEngineOptions['startWorker'] = async (o) => {
      if (o.vectors) await opened; // the second worker builds its indexes for a while
      return workers.startWorker(o);
    };
    const engine = createWorkerBackedSearchEngine(
      options(full, {
        startWorker,
        vectorSearch: fixedVectorSearch([]),
        indexManifest: TEST_INDEX_MANIFEST,
        vectorFiles: () => files,
        vectorsReady: () => ready,
      }),
    );
    await engine.lexical('patience', 'en');
    files = new Map([['vectors.bin', new Uint8Array([1, 2, 3])]]);
    release(true);
    await new Promise((r) => setTimeout(r, 0));
    let result: SearchResult | undefined;
    const asked = engine.hybrid('patience', new Float32Array([1, 0, 0, 0]), 'en').then((r) => (result = r));
    await new Promise((r) => setTimeout(r, 20));
    expect(result).toBeUndefined();
    gate();
    await asked;
    expect(result!.stage).toBe('hybrid');
    expect(workers.started[0]!.log).toStrictEqual(['lexical patience']);
  });
});

describe('when the topics arrive after the first results', () => {
  it('should send them to the worker before its next search, once, and search with them', async () => {
    const corpus = await loadTestCorpus();
    const workers = fakeWorkers();
    const engine = createWorkerBackedSearchEngine(options(corpus, { startWorker: workers.startWorker }));
    const before = await engine.lexical('Can a Muslim drink beer?', 'en');
    expect(before.topics).toBeUndefined();
    await engine.useTopics!({ version: 't1', file: { schema: 1, topics: SAMPLE_TOPICS }, vectors: null });
    const after = await engine.lexical('Can a Muslim drink beer?', 'en');
    expect(after.topics).toEqual([{ id: 'intoxicants', via: 'keywords' }]);
    expect(workers.started[0]!.log.filter((l) => l.startsWith('use-topics'))).toEqual(['use-topics t1']);
  });

  it('should send newer topics too (another language’s names joined), not only the first', async () => {
    const corpus = await loadTestCorpus();
    const workers = fakeWorkers();
    const engine = createWorkerBackedSearchEngine(options(corpus, { startWorker: workers.startWorker }));
    await engine.useTopics!({ version: 't1', file: { schema: 1, topics: SAMPLE_TOPICS.slice(1) }, vectors: null });
    expect((await engine.lexical('Can a Muslim drink beer?', 'en')).topics).toBeUndefined();
    const merged = { version: 't1', file: { schema: 1 as const, topics: SAMPLE_TOPICS }, vectors: null };
    await engine.useTopics!(merged);
    expect((await engine.lexical('Can a Muslim drink beer?', 'en')).topics).toEqual([{ id: 'intoxicants', via: 'keywords' }]);
    await engine.useTopics!(merged);
    expect(workers.started[0]!.log.filter((l) => l.startsWith('use-topics'))).toEqual(['use-topics t1', 'use-topics t1']);
  });
});
