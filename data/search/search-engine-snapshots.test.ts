import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCorpusFromDir } from '../corpus/corpus-loader-node.js';
import { Corpus } from '../corpus/corpus.js';
import { Bm25Index } from './index/bm25-index.js';
import { decodeLexicalSnapshot, encodeLexicalSnapshot, LEXICAL_SNAPSHOT_FORMAT } from './index/lexical-snapshot.js';
import { createSearchEngine, type SearchEngine } from './search-engine.js';

const ENGLISH = [
  'patience and prayer',
  'seek help through patience and prayer',
  'Who is Jesus son of Mary?',
  'What does the Quran say about the mercy of Allah for those who repent after sinning?',
  'salah and sabr',
  'orphans wealth',
];
const ARABIC = ['الصبر والصلاة', 'الحمد لله رب العالمين', 'خلق السماوات والأرض', 'ما هي عقوبة السرقة في الإسلام', 'يوم القيامة والحساب'];

let corpus: Corpus;
let built: SearchEngine;
let snapshots: { en: Uint8Array; ar: Uint8Array };

beforeAll(async () => {
  corpus = await loadCorpusFromDir({ tracks: ['en'] });
  built = createSearchEngine(corpus);
  snapshots = { en: built.exportSnapshot('en'), ar: built.exportSnapshot('arabic-search') };
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A fresh engine with the snapshots imported, and a spy counting index builds. */
function restoredEngine(options: Parameters<typeof createSearchEngine>[1] = {}, bytes = [snapshots.en, snapshots.ar]) {
  const engine = createSearchEngine(corpus, options);
  const offers = bytes.map((b) => engine.importSnapshot(b));
  const build = vi.spyOn(Bm25Index, 'build');
  return { engine, offers, build };
}

describe('when an engine restores the indexes of an earlier build', () => {
  it('should accept both snapshots and build nothing', () => {
    const { engine, offers, build } = restoredEngine();
    expect(offers).toEqual([
      { accepted: true, track: 'en' },
      { accepted: true, track: 'arabic-search' },
    ]);
    engine.prepare('en');
    engine.prepare('arabic-search');
    expect(build).not.toHaveBeenCalled();
    expect(engine.indexOrigin('en')).toBe('restored');
    expect(engine.indexOrigin('arabic-search')).toBe('restored');
    expect(built.indexOrigin('en')).toBe('built');
    build.mockRestore();
  });

  it('should give exactly the results of the built engine, scores included, in English and Arabic', () => {
    const { engine, build } = restoredEngine();
    for (const query of [...ENGLISH, ...ARABIC]) {
      const expected = built.lexical(query);
      expect(expected.hits.length, query).toBeGreaterThan(0);
      // toStrictEqual compares numbers with Object.is: scores must be bit-identical.
      expect(engine.lexical(query), query).toStrictEqual(expected);
    }
    expect(build).not.toHaveBeenCalled();
    build.mockRestore();
  });

  it('should export the same bytes again', () => {
    const { engine } = restoredEngine();
    expect(sha256(engine.exportSnapshot('en'))).toBe(sha256(snapshots.en));
    expect(sha256(engine.exportSnapshot('arabic-search'))).toBe(sha256(snapshots.ar));
  });

  it('should be compact: smaller than the index it restores', () => {
    // Sizes, for the record: about 0.25 MB English, 1.1 MB Arabic (light, root and 4-gram parts).
    const enBytes = built.prepare('en').bytes;
    const arBytes = built.prepare('arabic-search').bytes;
    expect(snapshots.en.byteLength).toBeLessThan(enBytes / 2);
    expect(snapshots.ar.byteLength).toBeLessThan(arBytes / 2);
    expect(decodeLexicalSnapshot(snapshots.ar).parts).toHaveLength(3);
  });
});

describe('when a snapshot does not fit the engine', () => {
  it('should refuse one made with other BM25 params and build instead', () => {
    const { engine, offers, build } = restoredEngine({ bm25: { k1: 1.5, b: 0.75 } }, [snapshots.en]);
    expect(offers[0]).toMatchObject({ accepted: false });
    expect(offers[0]!.accepted === false && offers[0]!.reason).toMatch(/^snapshot of en was made for .*"bm25":\[1\.2,0\.75\]/);
    engine.prepare('en');
    expect(build).toHaveBeenCalledTimes(1);
    expect(engine.indexOrigin('en')).toBe('built');
    build.mockRestore();
  });

  it('should refuse one of another corpus version', () => {
    const other = new Corpus({
      manifest: { ...corpus.manifest, version: 'another-version' },
      surahs: { surahs: corpus.surahs },
      arabic: { track: 'arabic', name: 'arabic', texts: corpus.trackTexts('arabic') },
      tracks: {},
    });
    const engine = createSearchEngine(other);
    expect(engine.importSnapshot(snapshots.ar)).toMatchObject({ accepted: false });
    expect(engine.indexOrigin('arabic-search')).toBeUndefined();
  });

  it('should refuse one without the Arabic root part', () => {
    const { offers } = restoredEngine({ arabicRootWeight: 0 }, [snapshots.ar]);
    expect(offers[0]).toMatchObject({ accepted: false });
  });

  it('should refuse another snapshot format', () => {
    const older = snapshots.en.slice();
    new DataView(older.buffer).setUint32(8, LEXICAL_SNAPSHOT_FORMAT - 1, true);
    const { offers, build } = restoredEngine({}, [older]);
    expect(offers[0]).toEqual({ accepted: false, reason: `snapshot format ${LEXICAL_SNAPSHOT_FORMAT - 1} is not the supported ${LEXICAL_SNAPSHOT_FORMAT}` });
    build.mockRestore();
  });

  it('should build when a snapshot with the right key does not match what the analyzer makes of the verses', () => {
    // Same key, other vocabulary: what an analyzer changed under an unchanged id would leave behind.
    const { header, parts } = decodeLexicalSnapshot(snapshots.en);
    const drifted = encodeLexicalSnapshot(header.track, header.key, [{ ...parts[0]!, terms: [...parts[0]!.terms].reverse() }]);
    const { engine, offers, build } = restoredEngine({}, [drifted]);
    expect(offers[0]).toEqual({ accepted: true, track: 'en' });
    expect(engine.lexical('patience and prayer')).toStrictEqual(built.lexical('patience and prayer'));
    expect(build).toHaveBeenCalledTimes(1);
    expect(engine.indexOrigin('en')).toBe('built');
    build.mockRestore();
  });

  it('should build when the snapshot body is cut short', () => {
    const { engine, offers, build } = restoredEngine({}, [snapshots.en.slice(0, snapshots.en.byteLength - 1000)]);
    expect(offers[0]).toEqual({ accepted: true, track: 'en' });
    engine.prepare('en');
    expect(build).toHaveBeenCalledTimes(1);
    expect(engine.indexOrigin('en')).toBe('built');
    build.mockRestore();
  });

  it('should refuse a snapshot for a track already built', () => {
    expect(built.importSnapshot(snapshots.en)).toEqual({ accepted: false, reason: 'the en index is already built' });
  });
});
