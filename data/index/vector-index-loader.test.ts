import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../corpus/content-hash.js';
import type { VectorIndexManifest } from './index-manifest.js';
import { quantizeVectorsInt4Centered } from './int4-quantization.js';
import { quantizeVectors } from './int8-quantization.js';
import { encodeStagedVectorFiles, encodeVectorFile } from './vector-file.js';
import { parseVectorIndex } from './vector-index-loader.js';
import { parseVectorIndexManifest } from './vector-index-manifest-parser.js';

async function fixture(): Promise<{ manifest: VectorIndexManifest; bytes: Uint8Array }> {
  const bytes = encodeVectorFile(
    quantizeVectors(
      [
        [1, 0, 0, 0],
        [0, 0.6, 0.8, 0],
      ],
      4,
    ),
  );
  const sha256 = await sha256Hex(bytes);
  const manifest: VectorIndexManifest = {
    schema: 1,
    id: 'test-hashing-4',
    version: sha256.slice(0, 16),
    embedder: 'test-hashing',
    model: 'test-hashing-v1',
    dims: 4,
    count: 2,
    quantization: 'int8-per-vector',
    queryTask: 'none',
    documentTask: 'none',
    queryPrefix: '',
    documentPrefix: '',
    textTemplate: '{en}',
    contextualised: false,
    corpusVersion: 'c1',
    floors: { primary: 0.2, fallback: 0.1 },
    files: [{ path: `vectors.${sha256.slice(0, 16)}.bin`, bytes: bytes.length, gzipBytes: 10, sha256 }],
  };
  return { manifest, bytes };
}

describe('when loading a vector index from its manifest and bytes', () => {
  it('should verify and decode it', async () => {
    const { manifest, bytes } = await fixture();
    const loaded = await parseVectorIndex(JSON.parse(JSON.stringify(manifest)), bytes.slice().buffer, { corpusVersion: 'c1' });
    expect(loaded.manifest).toEqual(manifest);
    expect(loaded.vectors.count).toBe(2);
    expect(Array.from(loaded.vectors.codes)).toEqual([127, 0, 0, 0, 0, 95, 127, 0]);
  });

  it('should refuse corrupt bytes, a wrong size and another corpus version', async () => {
    const { manifest, bytes } = await fixture();
    const corrupt = bytes.slice();
    corrupt[30] = 1;
    await expect(parseVectorIndex(manifest, corrupt)).rejects.toThrow(/is corrupt \(sha256/);
    await expect(parseVectorIndex(manifest, bytes.slice(0, 20))).rejects.toThrow(/has 20 bytes, the manifest says 32/);
    await expect(parseVectorIndex(manifest, bytes, { corpusVersion: 'c2' })).rejects.toThrow(/built from corpus c1 but the corpus is c2; rebuild/);
  });

  it('should refuse a file whose format is not the one the manifest names', async () => {
    const { manifest, bytes } = await fixture();
    await expect(parseVectorIndex({ ...manifest, quantization: 'int4-centered' }, bytes)).rejects.toThrow(/is not int4-centered as the manifest says; rebuild/);
  });

  it('should read a centred 4-bit index', async () => {
    const base = await fixture();
    const bytes = encodeVectorFile(quantizeVectorsInt4Centered([Float32Array.from([1, 0, 0, 0]), Float32Array.from([0, 0.6, 0.8, 0])], 4));
    const sha256 = await sha256Hex(bytes);
    const manifest = { ...base.manifest, quantization: 'int4-centered' as const, files: [{ ...base.manifest.files[0]!, bytes: bytes.length, sha256 }] };
    const loaded = await parseVectorIndex(manifest, bytes);
    expect(Array.from(loaded.vectors.offset!)).toEqual([0.5, 0.30000001192092896, 0.4000000059604645, 0]);
    expect(Array.from(loaded.vectors.codes)).toEqual([7, -4, -6, 0, -7, 4, 6, 0]);
  });

  it('should refuse a manifest whose dims disagree with the file', async () => {
    const { manifest, bytes } = await fixture();
    await expect(parseVectorIndex({ ...manifest, dims: 8 }, bytes)).rejects.toThrow(/holds 2 x 4 but the manifest says 2 x 8/);
  });
});

describe('when a manifest is invalid', () => {
  it('should name the field and say to rebuild', async () => {
    const { manifest } = await fixture();
    expect(() => parseVectorIndexManifest({ ...manifest, embedder: 'openai' })).toThrow(
      'embedder must be gemini, openai-compatible, local or test-hashing; rebuild it with npm run build:index',
    );
    expect(() => parseVectorIndexManifest({ ...manifest, floors: { primary: 2, fallback: 0 } })).toThrow('floors.primary must be a number in -1..1');
    expect(() => parseVectorIndexManifest({ ...manifest, files: [{ ...manifest.files[0], path: '../x.bin' }] })).toThrow(
      'files[0].path must be a plain file name',
    );
    expect(() => parseVectorIndexManifest(null)).toThrow('manifest must be an object');
    expect(() => parseVectorIndexManifest({ ...manifest, quantization: 'binary' })).toThrow(
      'quantization must be int8-per-vector, int4-centered or int4-centered-staged',
    );
  });
});

describe('when loading a staged index (its signs, then its magnitudes)', () => {
  const vectors = Array.from({ length: 6 }, (_, i) => Float32Array.from({ length: 8 }, (_, j) => Math.cos(i * 8 + j) * 0.4 + 0.2));
  async function staged() {
    const q = quantizeVectorsInt4Centered(vectors, 8);
    const { signs, magnitudes } = encodeStagedVectorFiles(q);
    const base = (await fixture()).manifest;
    const file = async (path: string, bytes: Uint8Array) => ({ path, bytes: bytes.length, gzipBytes: 1, sha256: await sha256Hex(bytes) });
    const manifest: VectorIndexManifest = {
      ...base,
      dims: 8,
      count: 6,
      quantization: 'int4-centered-staged',
      files: [await file('signs.0123456789.bin', signs), await file('magnitudes.0123456789.bin', magnitudes)],
    };
    return { q, signs, magnitudes, manifest };
  }

  it('should search coarsely with the signs alone and exactly with both files', async () => {
    const { q, signs, magnitudes, manifest } = await staged();
    const coarse = await parseVectorIndex(manifest, new Map([['signs.0123456789.bin', signs]]));
    expect(coarse.complete).toBe(false);
    expect(Array.from(coarse.vectors.codes)).toEqual(Array.from(q.codes, (c) => (c < 0 ? -1 : 1)));
    const whole = await parseVectorIndex(
      manifest,
      new Map([
        ['signs.0123456789.bin', signs],
        ['magnitudes.0123456789.bin', magnitudes],
      ]),
    );
    expect(whole.complete).toBe(true);
    expect(Array.from(whole.vectors.codes)).toEqual(Array.from(q.codes));
  });

  it('should refuse tampered magnitudes, swapped files and a manifest without its second file', async () => {
    const { signs, magnitudes, manifest } = await staged();
    const tampered = magnitudes.slice();
    tampered[40] = tampered[40]! ^ 0x11;
    await expect(
      parseVectorIndex(
        manifest,
        new Map([
          ['signs.0123456789.bin', signs],
          ['magnitudes.0123456789.bin', tampered],
        ]),
      ),
    ).rejects.toThrow(/magnitudes.0123456789.bin is corrupt/);
    await expect(parseVectorIndex(manifest, new Map([['signs.0123456789.bin', magnitudes]]), { verify: false })).rejects.toThrow(
      /has \d+ bytes, the manifest says/,
    );
    expect(() => parseVectorIndexManifest({ ...manifest, files: [manifest.files[0]] })).toThrow('two files (the signs, then the magnitudes)');
    await expect(parseVectorIndex(manifest, new Map([['magnitudes.0123456789.bin', magnitudes]]))).rejects.toThrow(
      /signs.0123456789.bin of index test-hashing-4 was not loaded/,
    );
  });
});
