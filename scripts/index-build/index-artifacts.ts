/**
 * Pure: float32 verse vectors + settings → the content-hashed vector files and their manifest
 * (the exact shape of data/index/index-manifest.ts).
 */
import { gzipSync } from 'node:zlib';
import { sha256Hex } from '../../data/corpus/content-hash.js';
import type { VectorIndexManifest, VectorQuantization } from '../../data/index/index-manifest.js';
import { quantizeVectorsInt4Centered } from '../../data/index/int4-quantization.js';
import { quantizeVectors, type QuantizedVectors } from '../../data/index/int8-quantization.js';
import { encodeStagedVectorFiles, encodeVectorFile } from '../../data/index/vector-file.js';

/** Everything in the manifest that the build decides; the rest (version, count, files) comes from the vectors. */
export type IndexArtifactSettings = Pick<
  VectorIndexManifest,
  | 'id'
  | 'embedder'
  | 'model'
  | 'dims'
  | 'queryTask'
  | 'documentTask'
  | 'queryPrefix'
  | 'documentPrefix'
  | 'textTemplate'
  | 'contextualised'
  | 'corpusVersion'
  | 'floors'
> & {
  /**
   * Default `int4-centered-staged`: the 4-bit codes (half of int8's bytes, quality within noise)
   * as signs then magnitudes, so a first visit searches by meaning after a quarter of them
   * (EVAL.md "Smaller vectors", ADR 0032).
   */
  readonly quantization?: VectorQuantization;
};

/** Quantise the verse vectors as the manifest will say. */
export function quantizeForIndex(vectors: readonly Float32Array[], dims: number, quantization: VectorQuantization): QuantizedVectors {
  return quantization === 'int8-per-vector' ? quantizeVectors(vectors, dims) : quantizeVectorsInt4Centered(vectors, dims);
}

export interface IndexArtifacts {
  readonly manifest: VectorIndexManifest;
  /** The vector files, in the manifest's order (`manifest.files[i].path`). */
  readonly files: readonly { readonly path: string; readonly bytes: Uint8Array }[];
  readonly manifestBytes: Uint8Array;
}

/** The bytes of each vector file, in the order readers load them, with the name stem of each. */
function encodeForIndex(q: QuantizedVectors, quantization: VectorQuantization): { stem: string; bytes: Uint8Array }[] {
  if (quantization !== 'int4-centered-staged') return [{ stem: 'vectors', bytes: encodeVectorFile(q) }];
  const { signs, magnitudes } = encodeStagedVectorFiles(q);
  return [
    { stem: 'signs', bytes: signs },
    { stem: 'magnitudes', bytes: magnitudes },
  ];
}

export async function buildIndexArtifacts(vectors: readonly Float32Array[], settings: IndexArtifactSettings): Promise<IndexArtifacts> {
  const quantization = settings.quantization ?? 'int4-centered-staged';
  return indexArtifactsOf(quantizeForIndex(vectors, settings.dims, quantization), quantization, settings);
}

/** The files and manifest of already quantised vectors (also how a 4-bit index is re-staged). */
export async function indexArtifactsOf(
  q: QuantizedVectors,
  quantization: VectorQuantization,
  settings: Omit<IndexArtifactSettings, 'quantization'>,
): Promise<IndexArtifacts> {
  const encoded = await Promise.all(
    encodeForIndex(q, quantization).map(async ({ stem, bytes }) => {
      const sha256 = await sha256Hex(bytes);
      return { stem, bytes, sha256 };
    }),
  );
  // One file: its own hash, as before. Several: the hash of their hashes, so any change shows.
  const version =
    encoded.length === 1 ? encoded[0]!.sha256.slice(0, 16) : (await sha256Hex(new TextEncoder().encode(encoded.map((e) => e.sha256).join('\n')))).slice(0, 16);
  // Named by its own hash (a single file's is the version, as before).
  const files = encoded.map((e) => ({ path: `${e.stem}.${e.sha256.slice(0, 16)}.bin`, bytes: e.bytes, sha256: e.sha256 }));
  const manifest: VectorIndexManifest = {
    schema: 1,
    id: settings.id,
    version,
    embedder: settings.embedder,
    model: settings.model,
    dims: settings.dims,
    count: q.count,
    quantization,
    queryTask: settings.queryTask,
    documentTask: settings.documentTask,
    queryPrefix: settings.queryPrefix,
    documentPrefix: settings.documentPrefix,
    textTemplate: settings.textTemplate,
    contextualised: settings.contextualised,
    corpusVersion: settings.corpusVersion,
    floors: settings.floors,
    files: files.map((f) => ({ path: f.path, bytes: f.bytes.length, gzipBytes: gzipSync(f.bytes, { level: 9 }).length, sha256: f.sha256 })),
  };
  return {
    manifest,
    files: files.map((f) => ({ path: f.path, bytes: f.bytes })),
    manifestBytes: new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
  };
}
