/**
 * The search benchmark itself, runtime-neutral (no `node:` imports) so the very same code
 * runs in Node and, bundled, in headless Chromium. Inputs are bytes as a visitor's browser
 * would have them after download/IndexedDB; the query vectors are test-hashing vectors of
 * the right dims (no real model offline): TIMING ONLY, not retrieval quality.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import { testHashingVector } from '../../data/embed/test-hashing-embedder.js';
import { createFlatVectorSearch } from '../../data/index/flat-vector-search.js';
import { parseVectorIndex } from '../../data/index/vector-index-loader.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import { createVoyVectorSearch } from '../../data/index/voy-vector-search.js';
import { instantiateVoy, type VoyWasmSource } from '../../data/index/voy-wasm.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import { measure, summarize, timeOnce, type LatencySummary } from './bench-stats.js';
import type { TopicIndex, TopicVectors } from '../../data/topics/topic-index.js';

export interface BenchIndexInput {
  readonly manifest: unknown;
  /** Every vector file by path (a staged index is timed whole, as visitors search it once it is in). */
  readonly bytes: ReadonlyMap<string, Uint8Array>;
}

export interface SearchBenchInput {
  readonly runtime: string;
  /** Indexes to time (e.g. 768-d and 256-d). */
  readonly indexes: readonly BenchIndexInput[];
  /** Called once, inside the voy timing, so fetching/compiling the wasm counts. */
  readonly voyWasm: () => VoyWasmSource;
  /** Corpus with the `en` track loaded. */
  readonly corpus: Corpus;
  readonly queries: readonly string[];
  readonly runs: number;
  /** Results per vector query. */
  readonly k?: number;
  /** Optional memory probe in bytes (Node: resident set size after a full GC). */
  readonly memory?: () => number;
  /** The built topic index: keyword search is timed again with it, as the widget searches once it loads. */
  readonly topics?: TopicIndex;
}

export interface VectorBenchRow {
  readonly dims: number;
  /** `flat-scalar` is the flat scan without WebAssembly SIMD (old browsers, strict CSP). */
  readonly kind: 'flat' | 'flat-scalar' | 'voy';
  /** sha256 check + decode of the vector file (a first visit; cached visits skip the sha256). */
  readonly verifyAndDecodeMs: number;
  readonly decodeMs: number;
  /** voy: compile + instantiate the wasm (first index only; later ones reuse it). */
  readonly wasmMs: number;
  /** flat: wrap the decoded arrays; voy: build its k-d tree. */
  readonly buildMs: number;
  readonly firstQueryMs: number;
  /** decode + wasm + build + first query: how long until the first vector result on a cached visit (first, cold sample). */
  readonly timeToFirstResultMs: number;
  /** flat only: median of 5 more fresh decode + build + first query cycles (warm JIT). */
  readonly timeToFirstResultMedianMs?: number;
  readonly latency: LatencySummary;
  /** Share of voy's top-k also in flat's top-k (voy rows only). */
  readonly agreementWithFlat?: number;
  readonly memoryDeltaBytes?: number;
}

export interface SearchBenchReport {
  readonly runtime: string;
  readonly queries: number;
  readonly runs: number;
  readonly vector: VectorBenchRow[];
  readonly lexical: { readonly indexBuildMs: number; readonly latency: LatencySummary };
  /** Keyword search with the topic index (its matching and its verse list in the fusion), when given. */
  readonly lexicalWithTopics?: { readonly topics: number; readonly latency: LatencySummary };
  /** Hybrid search (flat) with the topic index and a topic classifier of the index's dimension, when topics are given. */
  readonly hybridWithTopics?: readonly { readonly dims: number; readonly topics: number; readonly latency: LatencySummary }[];
  /** Full hybrid (lexical + vector + RRF + floors + context expansion) per vector implementation. */
  readonly hybrid: Array<{ readonly dims: number; readonly kind: 'flat' | 'voy'; readonly latency: LatencySummary }>;
}

function overlap(a: readonly { index: number }[], b: readonly { index: number }[]): number {
  const ids = new Set(a.map((h) => h.index));
  return b.filter((h) => ids.has(h.index)).length / Math.max(1, a.length);
}

export async function runSearchBench(input: SearchBenchInput): Promise<SearchBenchReport> {
  const k = input.k ?? 20;
  const vector: VectorBenchRow[] = [];
  const searches: Array<{ dims: number; kind: 'flat' | 'voy'; search: VectorSearch; floors: { primary: number; fallback: number }; queries: Float32Array[] }> =
    [];
  let wasmSource: VoyWasmSource | undefined;

  for (const index of input.indexes) {
    const verified = await timeOnce(() => parseVectorIndex(index.manifest, index.bytes, { verify: true }));
    const { manifest } = verified.value;
    const decodedFlat = await timeOnce(() => parseVectorIndex(index.manifest, index.bytes, { verify: false }));
    const queries = input.queries.map((q) => testHashingVector(q, manifest.dims));

    const mem0 = input.memory?.();
    const flatBuild = await timeOnce(() => createFlatVectorSearch(decodedFlat.value.vectors));
    const flatMemory = mem0 !== undefined ? input.memory!() - mem0 : undefined;
    const flatFirst = await timeOnce(() => flatBuild.value.search(queries[0]!, k));
    const flatLatency = measure((i) => flatBuild.value.search(queries[i % queries.length]!, k), { runs: input.runs });
    const again: number[] = [];
    for (let r = 0; r < 5; r++) {
      const t = performance.now();
      const { vectors } = await parseVectorIndex(index.manifest, index.bytes, { verify: false });
      createFlatVectorSearch(vectors).search(queries[r + 1]!, k);
      again.push(performance.now() - t);
    }
    vector.push({
      dims: manifest.dims,
      kind: 'flat',
      verifyAndDecodeMs: verified.ms,
      decodeMs: decodedFlat.ms,
      wasmMs: 0,
      buildMs: flatBuild.ms,
      firstQueryMs: flatFirst.ms,
      timeToFirstResultMs: round(decodedFlat.ms + flatBuild.ms + flatFirst.ms),
      timeToFirstResultMedianMs: summarize(again).p50,
      latency: flatLatency,
      ...(flatMemory !== undefined ? { memoryDeltaBytes: flatMemory } : {}),
    });

    const scalarBuild = await timeOnce(() => createFlatVectorSearch(decodedFlat.value.vectors, { simd: false }));
    const scalarFirst = await timeOnce(() => scalarBuild.value.search(queries[0]!, k));
    vector.push({
      dims: manifest.dims,
      kind: 'flat-scalar',
      verifyAndDecodeMs: verified.ms,
      decodeMs: decodedFlat.ms,
      wasmMs: 0,
      buildMs: scalarBuild.ms,
      firstQueryMs: scalarFirst.ms,
      timeToFirstResultMs: round(decodedFlat.ms + scalarBuild.ms + scalarFirst.ms),
      latency: measure((i) => scalarBuild.value.search(queries[i % queries.length]!, k), { runs: Math.max(10, Math.floor(input.runs / 4)) }),
      agreementWithFlat: round(queries.reduce((s, q) => s + overlap(flatBuild.value.search(q, k), scalarBuild.value.search(q, k)), 0) / queries.length),
    });

    const decodedVoy = await timeOnce(() => parseVectorIndex(index.manifest, index.bytes, { verify: false }));
    const wasm = await timeOnce(() => instantiateVoy((wasmSource ??= input.voyWasm())));
    const mem1 = input.memory?.();
    const voyBuild = await timeOnce(() => createVoyVectorSearch(wasm.value, decodedVoy.value.vectors));
    const voyMemory = mem1 !== undefined ? input.memory!() - mem1 : undefined;
    const voyFirst = await timeOnce(() => voyBuild.value.search(queries[0]!, k));
    const voyLatency = measure((i) => voyBuild.value.search(queries[i % queries.length]!, k), { runs: input.runs });
    const agreement = queries.reduce((s, q) => s + overlap(flatBuild.value.search(q, k), voyBuild.value.search(q, k)), 0) / queries.length;
    vector.push({
      dims: manifest.dims,
      kind: 'voy',
      verifyAndDecodeMs: verified.ms,
      decodeMs: decodedVoy.ms,
      wasmMs: wasm.ms,
      buildMs: voyBuild.ms,
      firstQueryMs: voyFirst.ms,
      timeToFirstResultMs: round(decodedVoy.ms + wasm.ms + voyBuild.ms + voyFirst.ms),
      latency: voyLatency,
      agreementWithFlat: round(agreement),
      ...(voyMemory !== undefined ? { memoryDeltaBytes: voyMemory } : {}),
    });
    searches.push({ dims: manifest.dims, kind: 'flat', search: flatBuild.value, floors: manifest.floors, queries });
    searches.push({ dims: manifest.dims, kind: 'voy', search: voyBuild.value, floors: manifest.floors, queries });
  }

  const engine = createSearchEngine(input.corpus);
  const lexicalBuild = await timeOnce(() => {
    engine.prepare('en');
    engine.prepare('arabic-search');
  });
  const texts = input.queries;
  const lexical = measure((i) => engine.lexical(texts[i % texts.length]!), { runs: input.runs });
  const hybrid = searches.map((s) => ({
    dims: s.dims,
    kind: s.kind,
    latency: measure((i) => engine.hybrid(texts[i % texts.length]!, { search: s.search, vector: s.queries[i % texts.length]!, floors: s.floors }), {
      runs: input.runs,
    }),
  }));
  let lexicalWithTopics: SearchBenchReport['lexicalWithTopics'];
  let hybridWithTopics: SearchBenchReport['hybridWithTopics'];
  if (input.topics) {
    const withTopics = createSearchEngine(input.corpus);
    withTopics.useTopics(input.topics);
    withTopics.prepare('en');
    withTopics.prepare('arabic-search');
    // The topic index builds its keyword index per language on first use: build them before
    // timing, as the verse indexes are built above.
    for (const text of texts) withTopics.lexical(text);
    lexicalWithTopics = { topics: input.topics.topics.length, latency: measure((i) => withTopics.lexical(texts[i % texts.length]!), { runs: input.runs }) };
    // The classifier's work per question (a dot product per topic, the softmax, the blend) does
    // not depend on its weights' values: weights made from the test vectors time it exactly.
    const topicCount = input.topics.topics.length;
    hybridWithTopics = searches
      .filter((s) => s.kind === 'flat')
      .map((s) => {
        const topicVectors = timingClassifier(s.queries, s.dims, topicCount);
        const latency = measure(
          (i) => withTopics.hybrid(texts[i % texts.length]!, { search: s.search, vector: s.queries[i % texts.length]!, floors: s.floors, topicVectors }),
          { runs: input.runs },
        );
        return { dims: s.dims, topics: topicCount, latency };
      });
  }
  return {
    runtime: input.runtime,
    queries: texts.length,
    runs: input.runs,
    vector,
    lexical: { indexBuildMs: lexicalBuild.ms, latency: lexical },
    ...(lexicalWithTopics ? { lexicalWithTopics } : {}),
    hybrid,
    ...(hybridWithTopics ? { hybridWithTopics } : {}),
  };
}

/** A classifier with one weight vector per topic, taken in turn from the query vectors; no centre gate, so every question is scored. */
function timingClassifier(queries: readonly Float32Array[], dims: number, topicCount: number): TopicVectors {
  const vectors = new Float32Array(topicCount * dims);
  for (let t = 0; t < topicCount; t++) vectors.set(queries[t % queries.length]!, t * dims);
  return { dims, vectors, owners: Uint16Array.from({ length: topicCount }, (_, t) => t), bias: new Float32Array(topicCount) };
}

function round(x: number): number {
  return Math.round(x * 1000) / 1000;
}
