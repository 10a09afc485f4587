/**
 * DOM-free loading of a vector index: manifest + the bytes of its vector files → verified
 * `LoadedVectorIndex`. The widget's data cache fetches/stores the bytes and calls this;
 * Node uses vector-index-loader-node.ts.
 *
 * A staged index (`int4-centered-staged`) is searchable from its first file alone (the signs,
 * a quarter of the bytes: what a first visit on a slow link waits for) and exact to its 4-bit
 * codes once the second (the magnitudes) is there too.
 */
import { sha256Hex } from '../corpus/content-hash.js';
import type { VectorIndexFile, VectorIndexManifest } from './index-manifest.js';
import type { QuantizedVectors } from './int8-quantization.js';
import {
  decodeVectorFile,
  joinStagedVectorFiles,
  readVectorFileHeader,
  VECTOR_FILE_VERSION,
  VECTOR_FILE_VERSION_INT4,
  VECTOR_FILE_VERSION_MAGNITUDES,
  VECTOR_FILE_VERSION_SIGNS,
} from './vector-file.js';
import { VectorIndexError, parseVectorIndexManifest } from './vector-index-manifest-parser.js';

export interface LoadedVectorIndex {
  readonly manifest: VectorIndexManifest;
  readonly vectors: QuantizedVectors;
  /** False while only the first file of a staged index is loaded (coarse vectors). */
  readonly complete: boolean;
}

export interface ParseVectorIndexOptions {
  /** Check the bytes against the manifest's sha256 (costs ~10 ms for 5 MB). Default true. */
  verify?: boolean;
  /** When given, refuse an index built from another corpus version. */
  corpusVersion?: string;
}

/** The vector file entry of a manifest: the only file, or a staged index's first (its signs). */
export function vectorFileOf(manifest: VectorIndexManifest): VectorIndexFile {
  const file = manifest.files[0];
  if (!file) throw new VectorIndexError(`index ${manifest.id} lists no vector file; rebuild it with npm run build:index`);
  return file;
}

/**
 * Verified vectors from the bytes of the manifest's files: `bytes` is the first file's bytes, or
 * every loaded file's bytes by path. A staged index with only its signs reads as coarse vectors
 * (`complete: false`).
 */
export async function parseVectorIndex(
  manifestJson: unknown,
  bytes: ArrayBuffer | Uint8Array | ReadonlyMap<string, Uint8Array>,
  options: ParseVectorIndexOptions = {},
): Promise<LoadedVectorIndex> {
  const manifest = parseVectorIndexManifest(manifestJson);
  const first = vectorFileOf(manifest);
  if (options.corpusVersion !== undefined && options.corpusVersion !== manifest.corpusVersion) {
    throw new VectorIndexError(
      `index ${manifest.id} was built from corpus ${manifest.corpusVersion} but the corpus is ${options.corpusVersion}; rebuild the index with npm run build:index`,
    );
  }
  const files = bytes instanceof Map ? (bytes as ReadonlyMap<string, Uint8Array>) : new Map([[first.path, asBytes(bytes as ArrayBuffer | Uint8Array)]]);
  const loaded = manifest.files.filter((f) => files.has(f.path));
  if (!files.has(first.path)) throw new VectorIndexError(`vector file ${first.path} of index ${manifest.id} was not loaded; download it again`);
  for (const file of loaded) {
    const b = files.get(file.path)!;
    if (b.byteLength !== file.bytes)
      throw new VectorIndexError(`vector file ${file.path} has ${b.byteLength} bytes, the manifest says ${file.bytes}; download it again`);
    if (options.verify ?? true) {
      const actual = await sha256Hex(b);
      if (actual !== file.sha256)
        throw new VectorIndexError(`vector file ${file.path} is corrupt (sha256 ${actual.slice(0, 12)}… ≠ ${file.sha256.slice(0, 12)}…); download it again`);
    }
    checkVectorFileShape(manifest, b, file);
  }
  const firstBytes = files.get(first.path)!;
  const refine = manifest.quantization === 'int4-centered-staged' ? manifest.files[1] : undefined;
  const magnitudes = refine && files.get(refine.path);
  if (magnitudes) return { manifest, vectors: joinStagedVectorFiles(firstBytes, magnitudes), complete: true };
  return { manifest, vectors: decodeVectorFile(firstBytes), complete: refine === undefined };
}

function asBytes(b: ArrayBuffer | Uint8Array): Uint8Array {
  return b instanceof Uint8Array ? b : new Uint8Array(b);
}

/** The file version each of a manifest's files must have. */
function expectedVersion(manifest: VectorIndexManifest, file: VectorIndexFile): number {
  if (manifest.quantization === 'int8-per-vector') return VECTOR_FILE_VERSION;
  if (manifest.quantization === 'int4-centered') return VECTOR_FILE_VERSION_INT4;
  return file === manifest.files[0] ? VECTOR_FILE_VERSION_SIGNS : VECTOR_FILE_VERSION_MAGNITUDES;
}

/**
 * A vector file's header agrees with the manifest (format, dimensions, count) and its length
 * with the header, without reading the codes: what a cached copy is checked for when read.
 */
export function checkVectorFileShape(manifest: VectorIndexManifest, bytes: ArrayBuffer | Uint8Array, file: VectorIndexFile = vectorFileOf(manifest)): void {
  const header = readVectorFileHeader(asBytes(bytes));
  if (header.version !== expectedVersion(manifest, file)) {
    throw new VectorIndexError(`vector file ${file.path} is not ${manifest.quantization} as the manifest says; rebuild the index`);
  }
  if (header.dims !== manifest.dims || header.count !== manifest.count) {
    throw new VectorIndexError(
      `vector file holds ${header.count} x ${header.dims} but the manifest says ${manifest.count} x ${manifest.dims}; rebuild the index`,
    );
  }
}
