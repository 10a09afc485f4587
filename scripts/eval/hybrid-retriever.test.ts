import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../../data/testing/test-corpus.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import type { EmbedTask, Embedder } from '../../data/embed/embedder.js';
import { TestHashingEmbedder, testHashingVector } from '../../data/embed/test-hashing-embedder.js';
import { createFlatVectorSearch } from '../../data/index/flat-vector-search.js';
import { quantizeVectors } from '../../data/index/int8-quantization.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import { GeminiEmbedder } from '../../data/embed/gemini-embedder.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { createHybridRetriever, hybridRetriever, hybridSystemName, HYBRID_NEEDS_INDEX, queryEmbedderFor } from './hybrid-retriever.js';

const DIMS = 32;
let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

describe('when naming the hybrid system', () => {
  it('should flag a test-hashing index as not semantic', () => {
    expect(hybridSystemName({ id: 'test-hashing-32', embedder: 'test-hashing' })).toBe('hybrid[test-hashing, NOT semantic]');
    expect(hybridSystemName({ id: 'gemini-embedding-001-768', embedder: 'gemini' })).toBe('hybrid[gemini-embedding-001-768]');
  });
});

describe('when the hybrid retriever runs over a small test-hashing index', () => {
  it('should embed the question as a query and return fused verses from the engine', async () => {
    const texts = corpus.trackTexts('en');
    const search = createFlatVectorSearch(
      quantizeVectors(
        texts.map((t) => testHashingVector(t, DIMS)),
        DIMS,
      ),
    );
    const tasks: EmbedTask[] = [];
    const inner = new TestHashingEmbedder({ dims: DIMS });
    const embedder: Embedder = { id: inner.id, model: inner.model, dims: DIMS, embed: (t, task) => (tasks.push(task), inner.embed(t, task)) };
    const retriever = hybridRetriever(createSearchEngine(corpus), corpus, search, embedder, {
      id: 'test-hashing-32',
      embedder: 'test-hashing',
      floors: { primary: 0, fallback: 0 },
    });
    const r = await retriever.retrieve({ query: 'the tree of zaqqum', lang: 'en' });
    expect(tasks).toEqual(['query']);
    expect(r.abstained).toBe(false);
    expect(r.verses.length).toBe(20);
    expect(r.verses).toContain('37:62');
    expect(retriever.name).toBe('hybrid[test-hashing, NOT semantic]');
  });
});

describe('when no index is given', () => {
  it('should say how to get one and that offline vectors are not semantic', async () => {
    await expect(createHybridRetriever(corpus)).rejects.toThrow(HYBRID_NEEDS_INDEX);
  });
});

describe('when choosing the query embedder from the index manifest', () => {
  const manifest = (embedder: VectorIndexManifest['embedder'], model: string, dims: number) =>
    ({ id: `${model}-${dims}`, embedder, model, dims, queryTask: 'RETRIEVAL_QUERY' }) as VectorIndexManifest;

  it('should use the test-hashing embedder at the index dimension', async () => {
    const e = await queryEmbedderFor(manifest('test-hashing', 'test-hashing-v1', 64), {});
    expect(e).toBeInstanceOf(TestHashingEmbedder);
    expect(e.dims).toBe(64);
  });

  it('should need GEMINI_API_KEY for a Gemini index and use the index model and dims', async () => {
    await expect(queryEmbedderFor(manifest('gemini', 'gemini-embedding-001', 768), {})).rejects.toThrow(/set GEMINI_API_KEY/);
    const e = await queryEmbedderFor(manifest('gemini', 'gemini-embedding-001', 256), { GEMINI_API_KEY: 'k', GEMINI_BASE_URL: 'http://127.0.0.1:9/v1beta' });
    expect(e).toBeInstanceOf(GeminiEmbedder);
    expect([e.model, e.dims]).toEqual(['gemini-embedding-001', 256]);
  });
});
