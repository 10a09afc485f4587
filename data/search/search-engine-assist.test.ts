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
  it('should add a verse only the suggestion names, below the first ranks, and say the suggestion found it', () => {
    const engine = createSearchEngine(corpus);
    const plain = engine.lexical(QUESTION, { lang: 'en' });
    expect(refs(plain.hits, 20)).not.toContain('51:56');
    const assisted = engine.lexical(QUESTION, { lang: 'en', assist: { query: '', refs: ['51:56', '67:2'] } });
    const at = refs(assisted.hits, 20).indexOf('51:56');
    expect(at).toBeGreaterThanOrEqual(Math.min(10, plain.hits.length));
    // What the search found on its own keeps the first ranks, in its own order.
    expect(refs(assisted.hits, 10)).toEqual(refs(plain.hits, 10).filter((r) => refs(assisted.hits, 10).includes(r)));
    const hit = assisted.hits.find((h) => h.ref.surah === 51 && h.ref.ayah === 56)!;
    expect(hit.sources).toStrictEqual(['assist']);
    expect(hit.assistRank).toBe(1);
  });

  it('should not let a hostile suggestion put its verses above what the search found', () => {
    const engine = createSearchEngine(corpus);
    const question = 'seek help through patience and prayer';
    const plain = engine.lexical(question, { lang: 'en' });
    expect(refs(plain.hits, 3)).toContain('2:153');
    const hostile = engine.lexical(question, { lang: 'en', assist: { query: 'kill them wherever you find them', refs: ['9:5', '4:89', '2:191'] } });
    // Verses the search found may be nudged by agreement, but what it put first stays in the first three.
    expect(refs(hostile.hits, 3)).toContain('2:153');
    for (const r of ['9:5', '4:89', '2:191']) expect(refs(hostile.hits, 10)).not.toContain(r);
  });

  it('should raise a verse the search found when the suggestion agrees', () => {
    const engine = createSearchEngine(corpus);
    const plain = refs(engine.lexical(QUESTION, { lang: 'en' }).hits, 20);
    const fifth = plain[4]!;
    const agreed = refs(engine.lexical(QUESTION, { lang: 'en', assist: { query: '', refs: [fifth] } }).hits, 20);
    expect(agreed.indexOf(fifth)).toBeLessThan(4);
  });

  it("should search the suggestion's query in the translation's words", () => {
    const engine = createSearchEngine(corpus);
    const assisted = engine.lexical('Is beer ok?', { lang: 'en', assist: { query: 'intoxicants gambling defilement work of Satan avoid it', refs: [] } });
    // A verse the search did not find joins the results, below what it found on its own.
    expect(refs(assisted.hits, 20)).toContain('5:90');
    expect(assisted.hits.find((h) => h.ref.surah === 5 && h.ref.ayah === 90)!.sources).toContain('assist');
  });

  it('should fuse the suggestion with the vector list in hybrid search too', () => {
    const engine = createSearchEngine(corpus);
    const vector = new Float32Array(4).fill(0.5);
    const search = { kind: 'flat', dims: 4, search: () => [{ index: corpus.indexOf({ surah: 2, ayah: 153 }), score: 0.9 }] } as never;
    const floors = { primary: 0, fallback: 0 };
    const result = engine.hybrid(QUESTION, { search, vector, floors }, { lang: 'en', assist: { query: '', refs: ['51:56'] } });
    expect(refs(result.hits, 20)).toEqual(expect.arrayContaining(['51:56', '2:153']));
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
