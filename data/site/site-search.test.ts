import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSiteSearch } from './site-search.js';
import { chunkDocuments } from './site-chunker.js';
import { parseMarkdown } from './markdown-sections.js';
import { fileSlug } from './heading-slug.js';
import { SITE_SEARCH_QUESTIONS } from './site-search-questions.js';
import { TestHashingEmbedder } from '../embed/test-hashing-embedder.js';
import { quantizeVectors } from '../index/int8-quantization.js';
import type { SiteChunk, SiteVectorInfo } from './site-types.js';

const DOCS = join(import.meta.dirname, '..', '..', 'demo', 'site-docs');
const demoChunks: SiteChunk[] = chunkDocuments(
  readdirSync(DOCS)
    .sort()
    .map((name) => {
      const parsed = parseMarkdown(readFileSync(join(DOCS, name), 'utf8'));
      return { doc: fileSlug(name), title: parsed.title ?? name, source: name, sections: parsed.sections };
    }),
);
const where = (c: SiteChunk) => `${c.doc}#${c.anchor}`;

describe('when searching the demo documents by keyword', () => {
  const search = createSiteSearch({ chunks: demoChunks, vectors: null, vectorInfo: null });
  for (const q of SITE_SEARCH_QUESTIONS) {
    if (q.vectorOnly) continue;
    it(`should ${q.expect ? `answer "${q.question}" first from ${q.expect}` : `find nothing for "${q.question}"`}`, () => {
      const hits = search.search({ text: q.question });
      if (q.expect) expect(hits.map((h) => where(h.chunk))[0]).toBe(q.expect);
      else expect(hits.map((h) => where(h.chunk))).toEqual([]);
    });
  }

  it('should return at most k passages, each found by keyword', () => {
    const hits = search.search({ text: 'mosque prayer hall entrance' }, { k: 2 });
    expect(hits).toHaveLength(2);
    for (const h of hits) expect(h.sources).toEqual(['keyword']);
  });
});

describe('when the chunks have vectors', () => {
  const embedder = new TestHashingEmbedder({ dims: 256 });
  const info: SiteVectorInfo = {
    id: embedder.id,
    embedder: 'test-hashing',
    model: 'test-hashing-v1',
    dims: 256,
    floors: { primary: 0.5, fallback: 0.3 },
    textHashes: [],
  };
  const chunks = demoChunks.slice(0, 4);

  async function setup() {
    const vecs = await embedder.embed(
      chunks.map((c) => c.text),
      'document',
    );
    return createSiteSearch({ chunks, vectors: quantizeVectors(vecs, 256), vectorInfo: info });
  }

  it('should use a query vector only from the embedder that built them', async () => {
    const search = await setup();
    const [v] = await embedder.embed([chunks[2]!.text], 'query');
    expect(search.acceptsVectorsFrom('other-384')).toBe(false);
    expect(search.search({ text: 'zzz', vector: { embedderId: 'other-384', values: v! } })).toEqual([]);
    const hits = search.search({ text: 'zzz', vector: { embedderId: embedder.id, values: v! } });
    expect(hits[0]!.chunk.id).toBe(chunks[2]!.id);
    expect(hits[0]!.sources).toEqual(['vector']);
  });

  it('should fall back to the lower floor only when nothing passes the strict one', async () => {
    const search = await setup();
    const cosine = (a: Float32Array, b: Float32Array) => a.reduce((sum, x, i) => sum + x * b[i]!, 0);
    const docs = await embedder.embed(
      chunks.map((c) => c.text),
      'document',
    );
    const [exact] = await embedder.embed([chunks[1]!.text], 'query');
    // The exact text passes the strict floor (0.5): only chunks at or above it come back.
    const strict = search.search({ text: 'zzz', vector: { embedderId: embedder.id, values: exact! } }, { k: 10 });
    expect(strict.map((h) => h.chunk.id).sort()).toEqual(
      chunks
        .filter((_, i) => cosine(docs[i]!, exact!) >= 0.5)
        .map((c) => c.id)
        .sort(),
    );
    expect(strict[0]!.chunk.id).toBe(chunks[1]!.id);
    // Fewer and fewer of its words: the first query that no chunk scores 0.5 for, but some 0.3.
    const words = chunks[1]!.text.split(' ');
    let weak: Float32Array | undefined;
    let weakCos: number[] = [];
    for (let n = words.length; n > 0 && !weak; n--) {
      const [v] = await embedder.embed([words.slice(0, n).join(' ')], 'query');
      const cos = docs.map((d) => cosine(d, v!));
      if (Math.max(...cos) < 0.5 && Math.max(...cos) >= 0.3) [weak, weakCos] = [v!, cos];
    }
    expect(weak).toBeDefined();
    const expected = chunks.filter((_, i) => weakCos[i]! >= 0.3).map((c) => c.id);
    expect(expected.length).toBeGreaterThan(0);
    const fallback = search.search({ text: 'zzz', vector: { embedderId: embedder.id, values: weak! } }, { k: 10 });
    expect(fallback.map((h) => h.chunk.id).sort()).toEqual(expected.sort());
  });
});
