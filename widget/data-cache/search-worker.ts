/**
 * Worker entry (ADR 0004): builds the search engine from the corpus texts the page sends
 * and answers queries, so BM25 index builds (100-500 ms each) never block the page.
 */
import { Corpus } from '../../data/corpus/corpus.js';
import { createSearchEngine, type SearchEngine } from '../../data/search/search-engine.js';
import { parseVectorIndex } from '../../data/index/vector-index-loader.js';
import { createFlatVectorSearch } from '../../data/index/flat-vector-search.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import type { SearchWorkerRequest, SearchWorkerResponse } from './search-worker-protocol.js';

interface WorkerState {
  readonly corpus: Corpus;
  readonly engine: SearchEngine;
  readonly vectors: { readonly search: VectorSearch; readonly manifest: VectorIndexManifest } | null;
}

let state: Promise<WorkerState> | undefined;
const post = (message: SearchWorkerResponse) => (self as unknown as Worker).postMessage(message);

async function init(m: Extract<SearchWorkerRequest, { type: 'init' }>): Promise<WorkerState> {
  const corpus = new Corpus({ manifest: m.manifest, surahs: { surahs: m.surahs }, arabic: m.arabic, arabicSearch: m.arabicSearch, tracks: m.tracks });
  const engine = createSearchEngine(corpus);
  let vectors: WorkerState['vectors'] = null;
  if (m.vectors) {
    // Verified before it was stored; decode in place.
    const { vectors: q } = await parseVectorIndex(m.vectors.manifest, m.vectors.bytes, { verify: false });
    vectors = { search: createFlatVectorSearch(q), manifest: m.vectors.manifest };
  }
  const prepareMs: Record<string, number> = {};
  for (const track of m.prepare) {
    const t0 = performance.now();
    engine.prepare(track);
    prepareMs[track] = Math.round(performance.now() - t0);
  }
  post({ type: 'ready', prepareMs });
  return { corpus, engine, vectors };
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
    const { corpus, engine, vectors } = await state;
    switch (m.type) {
      case 'lexical':
        return post({ type: 'result', id: m.id, result: engine.lexical(m.query, { lang: m.lang }) });
      case 'hybrid':
        return post({
          type: 'result',
          id: m.id,
          result: vectors
            ? engine.hybrid(m.query, { search: vectors.search, vector: m.vector, floors: vectors.manifest.floors }, { lang: m.lang })
            : engine.lexical(m.query, { lang: m.lang }),
        });
      case 'required-track':
        return post({ type: 'result', id: m.id, result: engine.requiredTrack(m.query, m.lang) });
      case 'add-track':
        corpus.addTrack(m.track, m.file);
        return post({ type: 'result', id: m.id, result: null });
    }
  } catch (e) {
    post({ type: 'error', id: 'id' in m ? m.id : null, message: (e as Error).message });
  }
};
