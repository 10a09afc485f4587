import { describe, expect, it } from 'vitest';
import { Bm25Index } from './bm25-index.js';
import { decodeLexicalSnapshot, encodeLexicalSnapshot, LEXICAL_SNAPSHOT_FORMAT, LexicalSnapshotError, readLexicalSnapshotHeader } from './lexical-snapshot.js';
import type { TextAnalyzer } from '../analysis/text-analyzer.js';

const words: TextAnalyzer = { id: 'words', terms: (t) => t.split(' ').filter(Boolean) };
const texts = ['a b', 'a a c', 'b c d', 'd d d d e', 'قال الله'];
const surahs = new Uint8Array([1, 1, 2, 2, 3]);
const index = Bm25Index.build(texts, words, undefined, { surahs });
const q = (...terms: string[]) => terms.map((term, group) => ({ term, weight: 1, group }));

describe('when a built index is encoded and decoded', () => {
  const bytes = encodeLexicalSnapshot('en', 'key-1', [index.data(), index.data()]);

  it('should give back the header and every array of every part', () => {
    const { header, parts } = decodeLexicalSnapshot(bytes);
    expect(header).toEqual({ format: LEXICAL_SNAPSHOT_FORMAT, track: 'en', key: 'key-1', parts: 2 });
    const data = index.data();
    for (const part of parts) {
      expect(part.terms).toEqual(data.terms);
      expect([...part.offsets]).toEqual([...data.offsets]);
      expect([...part.docs]).toEqual([...data.docs]);
      expect([...part.tf]).toEqual([...data.tf]);
      expect([...part.idf]).toEqual([...data.idf]);
      expect([...part.docLength]).toEqual([...data.docLength]);
      expect(part.avgDocLength).toBe(data.avgDocLength);
    }
  });

  it('should store small term frequencies in one byte each', () => {
    expect(decodeLexicalSnapshot(bytes).parts[0]!.tf).toBeInstanceOf(Uint8Array);
    const many = Bm25Index.build([Array(300).fill('x').join(' '), 'y'], words);
    expect(decodeLexicalSnapshot(encodeLexicalSnapshot('en', 'k', [many.data()])).parts[0]!.tf).toBeInstanceOf(Uint16Array);
  });

  it('should restore an index that scores exactly like the built one', () => {
    const restored = Bm25Index.restore(decodeLexicalSnapshot(bytes).parts[0]!, words, undefined, { surahs });
    const fb = { feedback: { docs: 2, terms: 2, weight: 0.5 }, neighbourWeights: [0.4] };
    for (const query of [q('a'), q('c', 'd'), q('d', 'zzz'), q('الله')]) {
      expect(restored.search(query, 10)).toEqual(index.search(query, 10));
      expect(restored.search(query, 10, fb)).toEqual(index.search(query, 10, fb));
    }
    // Same index; only the memory differs (one-byte tf, forward index derived on first feedback).
    const { bytes: _restoredBytes, ...restoredStats } = restored.stats;
    const { bytes: _builtBytes, ...builtStats } = index.stats;
    expect(restoredStats).toEqual(builtStats);
  });

  it('should decode a copy that is not 4-byte aligned', () => {
    const shifted = new Uint8Array(bytes.byteLength + 1).subarray(1);
    shifted.set(bytes);
    expect(decodeLexicalSnapshot(shifted).parts[0]!.terms).toEqual(index.data().terms);
  });
});

describe('when the bytes are not a usable snapshot', () => {
  const bytes = encodeLexicalSnapshot('en', 'key-1', [index.data()]);

  it('should refuse another format version', () => {
    const other = bytes.slice();
    new DataView(other.buffer).setUint32(8, LEXICAL_SNAPSHOT_FORMAT + 1, true);
    expect(() => readLexicalSnapshotHeader(other)).toThrow(LexicalSnapshotError);
    expect(() => readLexicalSnapshotHeader(other)).toThrow(`snapshot format ${LEXICAL_SNAPSHOT_FORMAT + 1} is not the supported ${LEXICAL_SNAPSHOT_FORMAT}`);
  });

  it('should refuse bytes that are not a snapshot', () => {
    expect(() => readLexicalSnapshotHeader(new TextEncoder().encode('{"not":"a snapshot at all"}'))).toThrow('not a lexical index snapshot');
    expect(() => readLexicalSnapshotHeader(new Uint8Array(3))).toThrow('not a lexical index snapshot');
  });

  it('should refuse a truncated snapshot', () => {
    expect(() => decodeLexicalSnapshot(bytes.slice(0, bytes.byteLength - 8))).toThrow('snapshot is truncated');
  });

  it('should refuse a vocabulary that is not UTF-8 (a damaged copy)', () => {
    const damaged = bytes.slice();
    const view = new DataView(damaged.buffer);
    const vocabularyAt = 16 + Math.ceil(view.getUint32(12, true) / 4) * 4 + 4;
    damaged[vocabularyAt] = 0xff;
    expect(() => decodeLexicalSnapshot(damaged)).toThrow(new LexicalSnapshotError('snapshot part 0 has a vocabulary that is not UTF-8'));
  });

  it('should refuse trailing bytes', () => {
    const longer = new Uint8Array(bytes.byteLength + 4);
    longer.set(bytes);
    expect(() => decodeLexicalSnapshot(longer)).toThrow('snapshot has bytes after its last part');
  });

  it('should refuse inconsistent arrays when restoring', () => {
    const data = decodeLexicalSnapshot(bytes).parts[0]!;
    expect(() => Bm25Index.restore({ ...data, docs: data.docs.subarray(1) }, words)).toThrow(RangeError);
    expect(() => Bm25Index.restore({ ...data, docs: data.docs.map(() => 9) }, words)).toThrow('BM25 data has a posting for verse 9 of 5');
  });
});
