/**
 * DOM-free loading of a vector index: manifest + the bytes of its vector file → verified
 * `LoadedVectorIndex`. The widget's data cache fetches/stores the bytes and calls this;
 * Node uses vector-index-loader-node.ts.
 */
import { sha256Hex } from '../corpus/content-hash.js';
import type { VectorIndexFile, VectorIndexManifest } from './index-manifest.js';
import type { QuantizedVectors } from './int8-quantization.js';
import { decodeVectorFile, readVectorFileHeader, VECTOR_FILE_VERSION_INT4 } from './vector-file.js';
import { VectorIndexError, parseVectorIndexManifest } from './vector-index-manifest-parser.js';

export interface LoadedVectorIndex {
  readonly manifest: VectorIndexManifest;
  readonly vectors: QuantizedVectors;
}

export interface ParseVectorIndexOptions {
  /** Check the bytes against the manifest's sha256 (costs ~10 ms for 5 MB). Default true. */
  verify?: boolean;
  /** When given, refuse an index built from another corpus version. */
  corpusVersion?: string;
}

/** The vector file entry of a manifest (indexes have exactly one today). */
export function vectorFileOf(manifest: VectorIndexManifest): VectorIndexFile {
  const file = manifest.files[0];
  if (!file) throw new VectorIndexError(`index ${manifest.id} lists no vector file; rebuild it with npm run build:index`);
  return file;
}

export async function parseVectorIndex(
  manifestJson: unknown,
  bytes: ArrayBuffer | Uint8Array,
  options: ParseVectorIndexOptions = {},
): Promise<LoadedVectorIndex> {
  const manifest = parseVectorIndexManifest(manifestJson);
  const file = vectorFileOf(manifest);
  if (options.corpusVersion !== undefined && options.corpusVersion !== manifest.corpusVersion) {
    throw new VectorIndexError(
      `index ${manifest.id} was built from corpus ${manifest.corpusVersion} but the corpus is ${options.corpusVersion}; rebuild the index with npm run build:index`,
    );
  }
  if (bytes.byteLength !== file.bytes) {
    throw new VectorIndexError(`vector file ${file.path} has ${bytes.byteLength} bytes, the manifest says ${file.bytes}; download it again`);
  }
  if (options.verify ?? true) {
    const actual = await sha256Hex(bytes);
    if (actual !== file.sha256) throw new VectorIndexError(`vector file ${file.path} is corrupt (sha256 ${actual.slice(0, 12)}… ≠ ${file.sha256.slice(0, 12)}…); download it again`);
  }
  checkVectorFileShape(manifest, bytes);
  return { manifest, vectors: decodeVectorFile(bytes) };
}

/**
 * The vector file's header agrees with the manifest (format, dimensions, count) and its length
 * with the header, without reading the codes: what a cached copy is checked for when read.
 */
export function checkVectorFileShape(manifest: VectorIndexManifest, bytes: ArrayBuffer | Uint8Array): void {
  const file = vectorFileOf(manifest);
  const header = readVectorFileHeader(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes));
  if ((header.version === VECTOR_FILE_VERSION_INT4) !== (manifest.quantization === 'int4-centered')) {
    throw new VectorIndexError(`vector file ${file.path} is not ${manifest.quantization} as the manifest says; rebuild the index`);
  }
  if (header.dims !== manifest.dims || header.count !== manifest.count) {
    throw new VectorIndexError(`vector file holds ${header.count} x ${header.dims} but the manifest says ${manifest.count} x ${manifest.dims}; rebuild the index`);
  }
}
