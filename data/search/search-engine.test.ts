import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCorpus } from '../testing/test-corpus.js';
import { loadCorpusFromDir } from '../corpus/corpus-loader-node.js';
import type { Corpus } from '../corpus/corpus.js';
import { formatRange, formatRef } from '../corpus/verse-range.js';
import type { VectorHit, VectorSearch } from '../index/vector-search.js';
import { createSearchEngine, DEFAULT_SEARCH_OPTIONS, type SearchEngine } from './search-engine.js';
import type { SearchResult } from './search-result.js';

/** A stand-in `VectorSearch` that answers every query with fixed hits (the real ones live in data/index). */
function fixedVectorSearch(hits: readonly VectorHit[], dims = 4): VectorSearch {
  return { kind: 'fixed', dims, search: (_q, k) => hits.slice(0, k) };
}
const unit = new Float32Array([1, 0, 0, 0]);
const refs = (r: SearchResult, n = r.hits.length) => r.hits.slice(0, n).map((h) => formatRef(h.ref));

let corpus: Corpus;
let engine: SearchEngine;
beforeAll(async () => {
  corpus = await loadTestCorpus();
  engine = createSearchEngine(corpus);
});
const at = (ref: string) => corpus.indexOf({ surah: Number(ref.split(':')[0]), ayah: Number(ref.split(':')[1]) });

describe('when searching English lexically', () => {
  it('should find 2:153 or 2:45 in the top 5 for "patience and prayer"', () => {
    const r = engine.lexical('patience and prayer');
    expect(r.kind).toBe('verses');
    expect(r.stage).toBe('lexical');
    expect(refs(r, 5).some((x) => x === '2:153' || x === '2:45')).toBe(true);
  });
  it('should rank both 2:45 and 2:153 first for "seek help through patience and prayer"', () => {
    expect(refs(engine.lexical('seek help through patience and prayer'), 2).sort()).toEqual(['2:153', '2:45']);
  });
  it('should return BM25 scores, best first, with lexical ranks and at most 20 hits', () => {
    const r = engine.lexical('mercy of Allah');
    expect(r.hits).toHaveLength(20);
    expect(r.hits.map((h) => h.lexicalRank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    for (let i = 1; i < r.hits.length; i++) expect(r.hits[i]!.score).toBeLessThanOrEqual(r.hits[i - 1]!.score);
    expect(r.hits.every((h) => h.sources.join() === 'lexical')).toBe(true);
  });
  it('should find Jesus son of Mary in verses that name both', () => {
    for (const h of engine.lexical('Who is Jesus son of Mary?').hits.slice(0, 3)) {
      expect(corpus.verseAt(h.index).translation).toMatch(/Jesus[\s\S]*Mary|Mary[\s\S]*Jesus/);
    }
  });
  it('should understand "salah" and "Musa" through the glossary', () => {
    expect(refs(engine.lexical('salah and sabr'), 5).some((x) => x === '2:153' || x === '2:45')).toBe(true);
    expect(corpus.verseAt(engine.lexical('Musa and Firaun').hits[0]!.index).translation).toMatch(/Moses|Pharaoh/);
  });
});

describe('when searching Arabic lexically', () => {
  it('should find 2:153 or 2:45 in the top 5 for الصبر والصلاة', () => {
    expect(refs(engine.lexical('الصبر والصلاة'), 5).some((x) => x === '2:153' || x === '2:45')).toBe(true);
  });
  it('should find 1:2 in the top 3 for الحمد لله رب العالمين despite the Uthmani spelling العلمين', () => {
    expect(refs(engine.lexical('الحمد لله رب العالمين'), 3)).toContain('1:2');
  });
  it('should find a verse on the creation of the heavens for خلق السماوات والأرض', () => {
    const top = engine.lexical('خلق السماوات والأرض').hits[0]!;
    expect(corpus.verseAt(top.index).arabicSearch).toMatch(/خلق/);
    expect(corpus.verseAt(top.index).arabicSearch).toMatch(/السموت/);
  });
  it('should find words the Uthmani text spells with a hamza on a tatweel or a joined vocative', () => {
    // السيئات is ٱلسَّيِّـَٔات and يا قوم is يَٰقَوۡمِ in the Uthmani text; both once found nothing or missed them.
    const evil = engine.lexical('السيئات');
    expect(evil.kind).not.toBe('none');
    expect(evil.hits.slice(0, 5).filter((h) => /سييات/.test(corpus.verseAt(h.index).arabicSearch))).toHaveLength(5);
    expect(refs(engine.lexical('يا قوم اعبدوا الله'), 5)).toEqual(expect.arrayContaining(['7:59', '7:65']));
  });
  it('should find the usury verses for الربا, not verses about the Lord (رب)', () => {
    const top = refs(engine.lexical('حكم الربا'), 4);
    expect(top.sort()).toEqual(['2:275', '2:276', '2:277', '2:278']);
  });
  it('should rank a verse whose ruku tells the asked-about story above one that only shares a word', () => {
    // "The creation of Adam and the angels' prostration": 2:34 (in the Adam ruku 2:30-39) is the
    // answer; 68:42 has the prostration word in a Day-of-Judgement passage. Ruku evidence decides.
    const q = 'خلق آدم وسجود الملائكة';
    const withRukus = refs(engine.lexical(q), 5);
    expect(withRukus.slice(0, 2)).toEqual(['2:31', '2:34']);
    expect(withRukus.indexOf('2:34')).toBeLessThan(withRukus.indexOf('68:42'));
    const without = refs(createSearchEngine(corpus, { sectionWeight: {} }).lexical(q), 5);
    expect(without.indexOf('68:42')).toBeLessThan(without.indexOf('2:34'));
  });
});

describe('when searching other languages', () => {
  it('should search the Chinese translation for a Chinese query', () => {
    expect(engine.requiredTrack('耐心和礼拜')).toBe('zh');
    expect(refs(engine.lexical('耐心和礼拜'), 5)).toContain('2:45');
  });
  it('should search the Turkish translation for a Turkish query', () => {
    expect(engine.language('sabır ve namaz')).toBe('tr');
    const r = engine.lexical('sabır ve namaz');
    expect(refs(r, 2)).toEqual(['2:45', '2:46']);
    expect(refs(r, 5)).toContain('2:153');
  });
  it('should find 2:45 and 2:153 first for a Spanish query', () => {
    expect(refs(engine.lexical('paciencia y oración'), 2).sort()).toEqual(['2:153', '2:45']);
  });
  it('should find patience verses for a Bengali query despite the spelling ধৈর্য / ধৈর্য্য', () => {
    const r = engine.lexical('ধৈর্য');
    expect(r.kind).toBe('verses');
    expect(corpus.verseAt(r.hits[0]!.index, 'bn').translation).toMatch(/ধৈর্য/);
  });
  it('should search the transliteration for a verse typed as it sounds', () => {
    expect(engine.requiredTrack('qul huwa allahu ahad')).toBe('translit');
    expect(refs(engine.lexical('qul huwa allahu ahad'), 1)).toEqual(['112:1']);
    expect(refs(engine.lexical('ar rahman ar rahim'), 3)).toContain('1:3');
  });
  it('should use the UI language hint for a word that could be French or English', () => {
    expect(engine.requiredTrack('patience', 'fr')).toBe('fr');
    expect(engine.requiredTrack('patience')).toBe('en');
  });
});

describe('when a translation track is not loaded yet', () => {
  it('should say which track to load, then search it once it is added', async () => {
    const full = await loadTestCorpus();
    const partial = await loadCorpusFromDir({ tracks: ['en'] });
    const lazy = createSearchEngine(partial);
    const query = 'Que dit le Coran sur la patience ?';
    expect(lazy.requiredTrack(query)).toBe('fr');
    expect(lazy.isTrackLoaded('fr')).toBe(false);
    expect(() => lazy.lexical(query)).toThrow(/corpus\.addTrack\("fr"/);
    partial.addTrack('fr', { track: 'fr', name: full.trackName('fr')!, texts: full.trackTexts('fr') });
    expect(lazy.isTrackLoaded('fr')).toBe(true);
    const r = lazy.lexical(query);
    expect(r.kind).toBe('verses');
    expect(partial.verseAt(r.hits[0]!.index, 'fr').translation).toMatch(/patien/i);
  });
  it('should report the size of a prepared index', () => {
    const stats = engine.prepare('en');
    expect(stats.docCount).toBe(6236);
    expect(stats.postingCount).toBeGreaterThan(50_000);
  });
});

describe('when the query names its verses', () => {
  it('should answer آية الكرسي with 2:255 and its context, stage direct', () => {
    const r = engine.lexical('آية الكرسي');
    expect(r).toMatchObject({ kind: 'reference', stage: 'direct' });
    expect(refs(r)).toEqual(['2:255']);
    expect(r.hits[0]).toMatchObject({ score: 1, sources: ['reference'], index: at('2:255') });
    expect(r.passages.map((p) => formatRange(p.range))).toEqual(['2:250-260']);
  });
  it('should keep a whole asked-for range and its context', () => {
    const r = engine.lexical('2:255-257');
    expect(refs(r)).toEqual(['2:255', '2:256', '2:257']);
    expect(r.passages.map((p) => formatRange(p.range))).toEqual(['2:250-262']);
  });
  it('should answer a surah with its first 20 verses and its opening passage', () => {
    const r = engine.lexical('Surah Yasin');
    expect(r).toMatchObject({ kind: 'surah', stage: 'direct' });
    expect(r.hits).toHaveLength(20);
    expect(refs(r, 2)).toEqual(['36:1', '36:2']);
    expect(r.passages.map((p) => formatRange(p.range))).toEqual(['36:1-11']);
  });
  it('should give every surah of the three Quls a passage', () => {
    const r = engine.lexical('the three Quls');
    expect(r.hits).toHaveLength(15);
    expect(r.passages.map((p) => formatRange(p.range))).toEqual(['112:1-4', '113:1-5', '114:1-6']);
  });
  it('should route the same way in hybrid, without asking the vector', () => {
    const r = engine.hybrid('Ayat al-Kursi', { search: fixedVectorSearch([{ index: 0, score: 0.9 }]), vector: unit, floors: { primary: 0.5, fallback: 0.3 } });
    expect(refs(r)).toEqual(['2:255']);
    expect(r.stage).toBe('direct');
  });
});

describe('when nothing relevant is found', () => {
  it('should say none with a reason, never an empty verses list', () => {
    const r = engine.lexical('xylophone quasar');
    expect(r).toMatchObject({ kind: 'none', stage: 'lexical', hits: [], passages: [] });
    expect(r.reason).toMatch(/no verse matched/);
  });
  it('should say none under an abstention floor when too little of the question is in any verse', () => {
    // "the internet, television and prayer": only "prayer" is in the Quran, too little of the
    // question for an abstention floor of 0.4; by default (no floor) it finds prayer verses.
    const query = 'الانترنت والتلفزيون والصلاة';
    const strict = createSearchEngine(corpus, { lexicalMinBestCoverage: { 'arabic-search': 0.4 } });
    expect(strict.lexical(query)).toMatchObject({ kind: 'none', stage: 'lexical', hits: [] });
    const lenient = engine.lexical(query);
    expect(lenient.kind).toBe('verses');
    expect(corpus.verseAt(lenient.hits[0]!.index).arabicSearch).toMatch(/صلا/);
  });
  it('should say none for Arabic words the Quran does not have, even though their letters occur in it', () => {
    // Stem 4-grams of these words (e.g. #انت) occur in verses, but 4-grams only re-rank.
    for (const query of ['الانترنت والتلفزيون والكمبيوتر', 'البيتزا']) {
      expect(engine.lexical(query), query).toMatchObject({ kind: 'none', stage: 'lexical', hits: [] });
    }
  });
  it('should say none for an empty query and for a verse that does not exist', () => {
    expect(engine.lexical('   ')).toMatchObject({ kind: 'none', reason: 'the query is empty' });
    expect(engine.lexical('2:300')).toMatchObject({
      kind: 'none',
      stage: 'direct',
      reason: 'surah 2 has 286 verses; ayah 300 does not exist',
      problem: { kind: 'no-such-verse', surah: 2, ref: '2:300' },
    });
  });
  it('should answer a question with no letter or digit at once, in both searches, instead of fusing any verses', () => {
    const vq = { search: fixedVectorSearch([{ index: 5, score: 0.95 }]), vector: unit, floors: { primary: 0.6, fallback: 0.4 } };
    for (const query of ['???', '🙏🏽', '؟؟ …', '-- !!']) {
      for (const r of [engine.lexical(query), engine.hybrid(query, vq)])
        expect(r, query).toMatchObject({ kind: 'none', stage: 'direct', hits: [], problem: { kind: 'no-words' } });
    }
    // One letter or digit in any script is something to search.
    expect(engine.hybrid('صبر؟', vq).kind).toBe('verses');
    expect(engine.hybrid('? 7 ?', vq).problem).toBeUndefined();
  });
  it('should say none in hybrid when no vector passes a floor and no word matches', () => {
    const r = engine.hybrid('xylophone quasar', {
      search: fixedVectorSearch([{ index: 5, score: 0.2 }]),
      vector: unit,
      floors: { primary: 0.6, fallback: 0.4 },
    });
    expect(r).toMatchObject({ kind: 'none', stage: 'hybrid', hits: [] });
    expect(r.reason).toMatch(/similarity floor/);
  });
});

describe('when fusing lexical and vector rankings', () => {
  const query = 'seek help through patience and prayer';
  it('should fuse by reciprocal rank and keep both sources and the cosine', () => {
    const lexical = engine.lexical(query);
    const lexRank = lexical.hits.find((h) => formatRef(h.ref) === '2:153')!.lexicalRank!;
    const vector = fixedVectorSearch([
      { index: at('2:153'), score: 0.8 },
      { index: at('3:200'), score: 0.7 },
      { index: at('1:1'), score: 0.2 },
    ]);
    const r = engine.hybrid(query, { search: vector, vector: unit, floors: { primary: 0.5, fallback: 0.3 } });
    expect(r).toMatchObject({ kind: 'verses', stage: 'hybrid' });
    const top = r.hits[0]!;
    expect(formatRef(top.ref)).toBe('2:153');
    expect(top).toMatchObject({ sources: ['lexical', 'vector'], lexicalRank: lexRank, vectorRank: 1, cosine: expect.closeTo(0.8, 6) });
    expect(top.score).toBeCloseTo(1 / (60 + lexRank) + 1 / 61, 12);
    const patience = r.hits.find((h) => formatRef(h.ref) === '3:200')!;
    expect(patience.sources).toContain('vector');
    expect(refs(r)).not.toContain('1:1');
    expect(r.hits).toHaveLength(20);
    expect(formatRange(r.passages[0]!.range)).toBe('2:148-158');
  });
  it('should use the fallback floor when no vector hit passes the primary one', () => {
    const vector = fixedVectorSearch([
      { index: at('3:200'), score: 0.45 },
      { index: at('1:1'), score: 0.35 },
      { index: at('1:2'), score: 0.1 },
    ]);
    const r = engine.hybrid('xylophone quasar', { search: vector, vector: unit, floors: { primary: 0.6, fallback: 0.3 } });
    expect(refs(r)).toEqual(['3:200', '1:1']);
    expect(r.hits.map((h) => h.sources)).toEqual([['vector'], ['vector']]);
  });
  it("should rank by the vector alone when the query's track is not loaded", async () => {
    const partial = await loadCorpusFromDir({ tracks: ['en'] });
    const r = createSearchEngine(partial).hybrid('Que dit le Coran sur la patience ?', {
      search: fixedVectorSearch([{ index: at('3:200'), score: 0.7 }]),
      vector: unit,
      floors: { primary: 0.5, fallback: 0.3 },
    });
    expect(refs(r)).toEqual(['3:200']);
  });
  it('should weigh the vector list per query language (weighted RRF)', () => {
    const vq = { search: fixedVectorSearch([{ index: at('2:153'), score: 0.8 }]), vector: unit, floors: { primary: 0.5, fallback: 0.3 } };
    const weighed = createSearchEngine(corpus, { vectorWeight: { en: 0.25 } });
    const score = (r: SearchResult) => r.hits.find((h) => formatRef(h.ref) === '2:153')!;
    const en = score(weighed.hybrid(query, vq));
    expect(en.score).toBeCloseTo(1 / (60 + en.lexicalRank!) + 0.25 / 61, 12);
    // An Arabic question is searched in another track: its vector list keeps weight 1.
    const ar = score(weighed.hybrid('الصبر والصلاة', vq));
    expect(ar.score).toBeCloseTo(1 / (60 + ar.lexicalRank!) + 1 / 61, 12);
  });
  it('should fuse by normalised score when asked', () => {
    const vector = fixedVectorSearch([
      { index: at('2:153'), score: 0.9 },
      { index: at('1:1'), score: 0.6 },
    ]);
    const r = createSearchEngine(corpus, { fusion: 'score' }).hybrid(query, { search: vector, vector: unit, floors: { primary: 0.5, fallback: 0.3 } });
    // 2:153 has the best cosine (1 once scaled) and a high BM25 (scaled into 0..1); nothing else has both.
    expect(refs(r, 1)).toEqual(['2:153']);
    expect(r.hits[0]!.score).toBeGreaterThan(1);
    expect(r.hits[0]!.score).toBeLessThanOrEqual(2);
    expect(r.hits[0]!.sources).toEqual(['lexical', 'vector']);
  });
  it('should rank by the vector alone in dense search, even with the words loaded', () => {
    const vector = fixedVectorSearch([
      { index: at('3:200'), score: 0.7 },
      { index: at('2:153'), score: 0.6 },
    ]);
    const r = engine.dense(query, { search: vector, vector: unit, floors: { primary: 0.5, fallback: 0.3 } });
    expect(refs(r)).toEqual(['3:200', '2:153']);
    expect(r.hits.every((h) => h.sources.length === 1 && h.sources[0] === 'vector')).toBe(true);
  });
  it('should refuse a query vector of the wrong size', () => {
    expect(() => engine.hybrid(query, { search: fixedVectorSearch([], 8), vector: unit, floors: { primary: 0.5, fallback: 0.3 } })).toThrow(
      /4 dimensions but the fixed index has 8/,
    );
  });
});

describe('when configuring the engine', () => {
  it('should default to 20 hits, 3 expanded with ±5 verses, RRF k 60', () => {
    expect(DEFAULT_SEARCH_OPTIONS).toMatchObject({ k: 20, topContext: 3, radius: 5, rrfK: 60 });
  });
  it('should honour k, topContext and radius', () => {
    const small = createSearchEngine(corpus, { k: 5, topContext: 1, radius: 2 });
    const r = small.lexical('seek help through patience and prayer');
    expect(r.hits).toHaveLength(5);
    expect(r.passages).toHaveLength(1);
    expect(r.passages[0]!.range.to - r.passages[0]!.range.from).toBe(4);
  });
  it('should refuse options that cannot work', () => {
    expect(() => createSearchEngine(corpus, { k: 200 })).toThrow(/candidates \(100\) must be >= k \(200\)/);
    expect(() => createSearchEngine(corpus, { radius: -1 })).toThrow(/radius/);
    expect(() => createSearchEngine(corpus, { coverageExponent: { en: -2 } })).toThrow(/coverageExponent.en must be a number >= 0, got -2/);
    expect(() => createSearchEngine(corpus, { sectionWeight: { 'arabic-search': Number.NaN } })).toThrow(
      /sectionWeight.arabic-search must be a number >= 0, got NaN/,
    );
    expect(() => createSearchEngine(corpus, { vectorWeight: { en: -1 } })).toThrow(/vectorWeight.en must be a number >= 0, got -1/);
    expect(() => createSearchEngine(corpus, { fusion: 'max' as never })).toThrow(/fusion must be rrf or score, got max/);
    const pastoral = DEFAULT_SEARCH_OPTIONS.pastoral;
    expect(() => createSearchEngine(corpus, { pastoral: { ...pastoral, bySharedConsolation: 1 as never } })).toThrow(
      /pastoral.bySharedConsolation must be true or false, got 1/,
    );
    expect(() => createSearchEngine(corpus, { pastoral: { ...pastoral, topics: true as never } })).toThrow(/pastoral.topics must be a number >= 0, got true/);
  });
  it('should use ruku evidence for Arabic only', () => {
    expect(DEFAULT_SEARCH_OPTIONS.sectionWeight).toEqual({ 'arabic-search': 0.2 });
    const english = 'the creation of Adam and the prostration of the angels';
    expect(engine.lexical(english).hits).toStrictEqual(createSearchEngine(corpus, { sectionWeight: {} }).lexical(english).hits);
  });
  it('should weigh Arabic hits by coverage squared and leave English as plain BM25', () => {
    expect(DEFAULT_SEARCH_OPTIONS.coverageExponent).toEqual({ 'arabic-search': 2 });
    const plain = createSearchEngine(corpus, { coverageExponent: {} });
    const english = 'seek help through patience and prayer';
    expect(engine.lexical(english).hits).toStrictEqual(plain.lexical(english).hits);
    // A long question: coverage weighting changes the Arabic ranking and its scores are lower
    // (coverage <= 1), but it still finds the patience-and-prayer verses first.
    const arabic = 'كيف أستعين بالصبر والصلاة عند المصائب';
    const weighted = engine.lexical(arabic);
    const unweighted = plain.lexical(arabic);
    expect(refs(weighted)).not.toEqual(refs(unweighted));
    expect(weighted.hits[0]!.score).toBeLessThanOrEqual(unweighted.hits[0]!.score);
    expect(refs(weighted, 3)).toContain('2:45');
  });
});
