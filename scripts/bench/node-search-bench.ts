/**
 * Node side of `npm run bench`: builds test-hashing indexes (768-d and 256-d) into a temp
 * directory, times the build, runs `runSearchBench` in Node, and measures agreement of the
 * int8 flat scan with exact float32 search (top-20) on the same vectors.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Corpus } from '../../data/corpus/corpus.js';
import { TestHashingEmbedder, testHashingVector } from '../../data/embed/test-hashing-embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { createFlatVectorSearch } from '../../data/index/flat-vector-search.js';
import { parseVectorIndex } from '../../data/index/vector-index-loader.js';
import { VOY_WASM_PATH } from '../../data/index/voy-wasm-node.js';
import { runIndexBuild } from '../index-build/index-build-run.js';
import { buildVerseTexts } from '../index-build/verse-text-template.js';
import { runSearchBench, type BenchIndexInput, type SearchBenchReport } from './search-bench-core.js';
import { loadBuiltTopics } from '../../data/topics/topic-loader-optional-node.js';

export interface BuiltBenchIndex extends BenchIndexInput {
  readonly manifest: VectorIndexManifest;
  readonly buildMs: number;
}

export async function buildBenchIndexes(corpus: Corpus, outRoot: string, dims: readonly number[]): Promise<BuiltBenchIndex[]> {
  const built: BuiltBenchIndex[] = [];
  for (const d of dims) {
    // Rebuild from scratch each time so the build time is a full build, not a resume.
    const result = await runIndexBuild({ corpus, embedder: new TestHashingEmbedder({ dims: d }), embedderKind: 'test-hashing', outRoot });
    const bytes = new Map<string, Uint8Array>();
    for (const f of result.manifest.files) {
      const b = await readFile(join(result.dir, f.path));
      bytes.set(f.path, new Uint8Array(b.buffer, b.byteOffset, b.byteLength));
    }
    built.push({ manifest: result.manifest, bytes, buildMs: Math.round(result.elapsedMs) });
  }
  return built;
}

/** Mean top-k overlap of the int8 flat scan with exact float32 cosine search. */
export async function flatVsFloatAgreement(corpus: Corpus, index: BuiltBenchIndex, queries: readonly string[], k = 20): Promise<number> {
  const dims = index.manifest.dims;
  const floats = buildVerseTexts(corpus, { contextual: false }).map((t) => testHashingVector(t, dims));
  const flat = createFlatVectorSearch((await parseVectorIndex(index.manifest, index.bytes)).vectors);
  let sum = 0;
  for (const text of queries) {
    const q = testHashingVector(text, dims);
    const exact = floats
      .map((v, i) => ({ i, s: v.reduce((a, x, j) => a + x * q[j]!, 0) }))
      .sort((a, b) => b.s - a.s)
      .slice(0, k);
    const got = new Set(flat.search(q, k).map((h) => h.index));
    sum += exact.filter((e) => got.has(e.i)).length / k;
  }
  return Math.round((sum / queries.length) * 1000) / 1000;
}

export async function runNodeSearchBench(
  corpus: Corpus,
  indexes: readonly BenchIndexInput[],
  queries: readonly string[],
  runs: number,
): Promise<SearchBenchReport> {
  // A full GC before each reading, without requiring node --expose-gc on the command line.
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const memory = () => {
    gc();
    return process.memoryUsage().rss;
  };
  const topics = await loadBuiltTopics((line) => console.error(line));
  return runSearchBench({
    runtime: `node ${process.version}`,
    indexes,
    voyWasm: () => readFile(VOY_WASM_PATH),
    corpus,
    queries,
    runs,
    memory,
    ...(topics ? { topics } : {}),
  });
}
