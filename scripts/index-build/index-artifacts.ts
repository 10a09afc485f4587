/**
 * Pure: float32 verse vectors + settings → the content-hashed vector file bytes and its
 * manifest (the exact shape of data/index/index-manifest.ts).
 */
import { gzipSync } from 'node:zlib';
import { sha256Hex } from '../../data/corpus/content-hash.js';
import type { VectorIndexManifest, VectorQuantization } from '../../data/index/index-manifest.js';
import { quantizeVectorsInt4Centered } from '../../data/index/int4-quantization.js';
import { quantizeVectors, type QuantizedVectors } from '../../data/index/int8-quantization.js';
import { encodeVectorFile } from '../../data/index/vector-file.js';

/** Everything in the manifest that the build decides; the rest (version, count, files) comes from the vectors. */
export type IndexArtifactSettings = Pick<
  VectorIndexManifest,
  'id' | 'embedder' | 'model' | 'dims' | 'queryTask' | 'documentTask' | 'queryPrefix' | 'documentPrefix' | 'textTemplate' | 'contextualised' | 'corpusVersion' | 'floors'
> & {
  /** Default `int4-centered`: half the bytes a visitor downloads, quality within noise (EVAL.md "Smaller vectors"). */
  readonly quantization?: VectorQuantization;
};

/** Quantise the verse vectors as the manifest will say. */
export function quantizeForIndex(vectors: readonly Float32Array[], dims: number, quantization: VectorQuantization): QuantizedVectors {
  return quantization === 'int4-centered' ? quantizeVectorsInt4Centered(vectors, dims) : quantizeVectors(vectors, dims);
}

export interface IndexArtifacts {
  readonly manifest: VectorIndexManifest;
  /** The vector file, named `manifest.files[0].path`. */
  readonly vectorBytes: Uint8Array;
  readonly manifestBytes: Uint8Array;
}

export async function buildIndexArtifacts(vectors: readonly Float32Array[], settings: IndexArtifactSettings): Promise<IndexArtifacts> {
  const quantization = settings.quantization ?? 'int4-centered';
  const vectorBytes = encodeVectorFile(quantizeForIndex(vectors, settings.dims, quantization));
  const sha256 = await sha256Hex(vectorBytes);
  const version = sha256.slice(0, 16);
  const manifest: VectorIndexManifest = {
    schema: 1,
    id: settings.id,
    version,
    embedder: settings.embedder,
    model: settings.model,
    dims: settings.dims,
    count: vectors.length,
    quantization,
    queryTask: settings.queryTask,
    documentTask: settings.documentTask,
    queryPrefix: settings.queryPrefix,
    documentPrefix: settings.documentPrefix,
    textTemplate: settings.textTemplate,
    contextualised: settings.contextualised,
    corpusVersion: settings.corpusVersion,
    floors: settings.floors,
    files: [{ path: `vectors.${version}.bin`, bytes: vectorBytes.length, gzipBytes: gzipSync(vectorBytes, { level: 9 }).length, sha256 }],
  };
  return { manifest, vectorBytes, manifestBytes: new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`) };
}
