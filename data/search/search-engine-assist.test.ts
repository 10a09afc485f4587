import { beforeAll, describe, expect, it } from 'vitest';
import type { Corpus } from '../corpus/corpus.js';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { createSearchEngine } from './search-engine.js';

let corpus: Corpus;
beforeAll(async () => {
  corpus = await loadTestCorpus();
});

const refs = (hits: readonly { ref: { surah: number; ayah: number } }[], n = 3) => hits.slice(0, n).map((h) => `${h.ref.surah}:${h.ref.ayah}`);
const QUESTION = 'What is the purpose of my life?';

describe("when the search is given an LLM's retrieval suggestion", () => {
  it('should bring the suggested verse into the top results and say the suggestion found it', () => {
    const engine = createSearchEngine(corpus);
    const plain = engine.lexical(QUESTION, { lang: 'en' });
    expect(refs(plain.hits, 20)).not.toContain('51:56');
    const assisted = engine.lexical(QUESTION, { lang: 'en', assist: { query: '', refs: ['51:56', '67:2'] } });
    expect(refs(assisted.hits)).toContain('51:56');
    const hit = assisted.hits.find((h) => h.ref.surah === 51 && h.ref.ayah === 56)!;
    expect(hit.sources).toStrictEqual(['assist']);
    expect(hit.assistRank).toBe(1);
  });

  it("should search the suggestion's query in the translation's words", () => {
    const engine = createSearchEngine(corpus);
    const assisted = engine.lexical('Is drinking beer ok?', { lang: 'en', assist: { query: 'intoxicants gambling defilement work of Satan avoid it', refs: [] } });
    expect(refs(assisted.hits)).toContain('5:90');
    expect(assisted.hits.find((h) => h.ref.surah === 5 && h.ref.ayah === 90)!.sources).toContain('assist');
  });

  it('should fuse the suggestion with the vector list in hybrid search too', () => {
    const engine = createSearchEngine(corpus);
    const vector = new Float32Array(4).fill(0.5);
    const search = { kind: 'flat', dims: 4, search: () => [{ index: corpus.indexOf({ surah: 2, ayah: 153 }), score: 0.9 }] } as never;
    const floors = { primary: 0, fallback: 0 };
    const result = engine.hybrid(QUESTION, { search, vector, floors }, { lang: 'en', assist: { query: '', refs: ['51:56'] } });
    expect(refs(result.hits, 5)).toEqual(expect.arrayContaining(['51:56', '2:153']));
  });

  it('should leave the results unchanged with an empty suggestion, and ignore references that are not verses', () => {
    const engine = createSearchEngine(corpus);
    const plain = engine.lexical(QUESTION, { lang: 'en' });
    expect(refs(engine.lexical(QUESTION, { lang: 'en', assist: { query: '', refs: [] } }).hits, 20)).toEqual(refs(plain.hits, 20));
    expect(refs(engine.lexical(QUESTION, { lang: 'en', assist: { query: '', refs: ['2:999', 'x'] } }).hits, 20)).toEqual(refs(plain.hits, 20));
  });

  it('should leave the suggestion out when its weights are 0', () => {
    const engine = createSearchEngine(corpus, { assistRefsWeight: 0, assistQueryWeight: 0 });
    const plain = engine.lexical(QUESTION, { lang: 'en' });
    expect(refs(engine.lexical(QUESTION, { lang: 'en', assist: { query: 'worship', refs: ['51:56'] } }).hits, 20)).toEqual(refs(plain.hits, 20));
  });
});
