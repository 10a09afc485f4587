import { describe, expect, it } from 'vitest';
import { quantizeVectorsInt4Centered } from './int4-quantization.js';
import { quantizeVectors } from './int8-quantization.js';
import {
  decodeVectorFile,
  encodeStagedVectorFiles,
  encodeVectorFile,
  joinStagedVectorFiles,
  VECTOR_FILE_VERSION_SIGNS,
  vectorFileBytes,
} from './vector-file.js';

const q = quantizeVectors(
  [
    [0.5, -0.25, 0.1],
    [0, 1, -1],
  ],
  3,
);

describe('when encoding and decoding a vector file', () => {
  it('should write a 16-byte header, the scales, then the codes', () => {
    const bytes = encodeVectorFile(q);
    expect(bytes.length).toBe(16 + 2 * 4 + 2 * 3);
    expect(bytes.length).toBe(vectorFileBytes(3, 2));
    expect(String.fromCharCode(...bytes.subarray(0, 4))).toBe('QDVI');
    expect(Array.from(bytes.subarray(4, 16))).toEqual([1, 0, 0, 0, 3, 0, 0, 0, 2, 0, 0, 0]);
    expect(Array.from(new Int8Array(bytes.buffer, 24, 6))).toEqual([127, -64, 25, 0, 127, -127]);
  });

  it('should round-trip codes and scales from an ArrayBuffer', () => {
    const bytes = encodeVectorFile(q);
    const back = decodeVectorFile(bytes.slice().buffer);
    expect(back.dims).toBe(3);
    expect(back.count).toBe(2);
    expect(Array.from(back.codes)).toEqual(Array.from(q.codes));
    expect(Array.from(back.scales)).toEqual(Array.from(q.scales));
  });

  it('should read from an unaligned Uint8Array view too', () => {
    const bytes = encodeVectorFile(q);
    const padded = new Uint8Array(bytes.length + 1);
    padded.set(bytes, 1);
    const back = decodeVectorFile(padded.subarray(1));
    expect(Array.from(back.scales)).toEqual(Array.from(q.scales));
    expect(Array.from(back.codes)).toEqual(Array.from(q.codes));
  });
});

describe('when the bytes are not a valid vector file', () => {
  it('should refuse wrong magic, version and truncated files with a clear message', () => {
    const bytes = encodeVectorFile(q);
    const badMagic = bytes.slice();
    badMagic[0] = 0x58;
    expect(() => decodeVectorFile(badMagic)).toThrow('not a quran-dai vector file');
    const badVersion = bytes.slice();
    badVersion[4] = 9;
    expect(() => decodeVectorFile(badVersion)).toThrow('version 9 is not supported (expected 1 to 4)');
    expect(() => decodeVectorFile(bytes.slice(0, bytes.length - 1))).toThrow('truncated or corrupt');
    expect(() => decodeVectorFile(new Uint8Array(3))).toThrow('too short');
  });
});

describe('when the vectors are centred 4-bit codes', () => {
  const q4 = quantizeVectorsInt4Centered([Float32Array.from([0.6, 0.8, 0]), Float32Array.from([0, 0.6, 0.8]), Float32Array.from([0.8, 0, 0.6])], 3);

  it('should write version 2: header, offset, scales, then the codes two to a byte', () => {
    const bytes = encodeVectorFile(q4);
    expect(bytes.length).toBe(16 + 3 * 4 + 3 * 4 + 5);
    expect(bytes.length).toBe(vectorFileBytes(3, 3, 2));
    expect(bytes[4]).toBe(2);
  });

  it('should read back the same codes, scales and offset', () => {
    const back = decodeVectorFile(encodeVectorFile(q4).slice().buffer);
    expect(Array.from(back.codes)).toEqual(Array.from(q4.codes));
    expect(Array.from(back.scales)).toEqual(Array.from(q4.scales));
    expect(Array.from(back.offset!)).toEqual(Array.from(q4.offset!));
  });

  it('should refuse a truncated file', () => {
    const bytes = encodeVectorFile(q4);
    expect(() => decodeVectorFile(bytes.slice(0, bytes.length - 1))).toThrow('expected 45 for 3 x 3; the download is truncated or corrupt');
  });
});

describe('when a 4-bit index is split in two downloads (signs first, magnitudes later)', () => {
  const vectors = Array.from({ length: 5 }, (_, i) => Array.from({ length: 11 }, (_, j) => Math.sin(i * 11 + j) * 0.3 + 0.1));
  const int4 = quantizeVectorsInt4Centered(vectors, 11);
  const { signs, magnitudes } = encodeStagedVectorFiles(int4);

  it('should make a signs file of one bit a code and a magnitudes file of four', () => {
    expect(signs.length).toBe(vectorFileBytes(11, 5, VECTOR_FILE_VERSION_SIGNS));
    expect(signs.length).toBe(16 + 11 * 4 + 5 * 4 + Math.ceil(55 / 8));
    expect(magnitudes.length).toBe(16 + 5 * 4 + Math.ceil(55 / 2));
  });

  it('should read the signs alone as codes of ±1 around the same offset, each scaled to its 4-bit codes', () => {
    const coarse = decodeVectorFile(signs);
    expect(Array.from(coarse.codes)).toEqual(Array.from(int4.codes, (c) => (c < 0 ? -1 : 1)));
    expect(Array.from(coarse.offset!)).toEqual(Array.from(int4.offset!));
    const row = Array.from(int4.codes.subarray(0, 11));
    expect(coarse.scales[0]).toBeCloseTo((int4.scales[0]! * row.reduce((a, c) => a + Math.abs(c), 0)) / 11, 6);
  });

  it('should give back exactly the 4-bit codes and scales once the magnitudes arrive', () => {
    const joined = joinStagedVectorFiles(signs, magnitudes);
    expect(Array.from(joined.codes)).toEqual(Array.from(int4.codes));
    expect(Array.from(joined.scales)).toEqual(Array.from(int4.scales));
    expect(Array.from(joined.offset!)).toEqual(Array.from(int4.offset!));
  });

  it('should refuse magnitudes read alone, or with signs of another shape', () => {
    expect(() => decodeVectorFile(magnitudes)).toThrow('read together with its signs file');
    const other = encodeStagedVectorFiles(quantizeVectorsInt4Centered(vectors.slice(0, 4), 11));
    expect(() => joinStagedVectorFiles(other.signs, magnitudes)).toThrow('do not belong to these signs');
  });
});
