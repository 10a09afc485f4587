/**
 * Binary file of int8-quantised vectors (`vectors.<hash>.bin`). DOM-free: ArrayBuffer in,
 * typed-array views out (no copy), so the widget can hand the bytes it stored in IndexedDB
 * straight to the search. Little-endian:
 *
 *   offset 0   4 bytes  magic "QDVI"
 *   offset 4   u16      format version (1)
 *   offset 6   u16      reserved (0)
 *   offset 8   u32      dims
 *   offset 12  u32      count
 *   offset 16  f32[count]          per-vector scales
 *   then       i8[count * dims]    codes, row-major
 *
 * Scales come first so the float32 view is 4-byte aligned without padding.
 *
 * Version 2 holds centred 4-bit codes (int4-quantization.ts), the same header then:
 *
 *   offset 16  f32[dims]           the shared offset (the corpus mean)
 *   then       f32[count]          per-vector scales
 *   then       u8[ceil(count * dims / 2)]  codes, two per byte, low nibble first
 */
import { packInt4, unpackInt4 } from './int4-quantization.js';
import type { QuantizedVectors } from './int8-quantization.js';

export const VECTOR_FILE_MAGIC = 'QDVI';
/** int8 codes, one scale per vector. */
export const VECTOR_FILE_VERSION = 1;
/** Centred 4-bit codes: an offset, one scale per vector. */
export const VECTOR_FILE_VERSION_INT4 = 2;
export const VECTOR_FILE_HEADER_BYTES = 16;

export class VectorFileError extends Error {
  override readonly name = 'VectorFileError';
}

export function vectorFileBytes(dims: number, count: number, version: number = VECTOR_FILE_VERSION): number {
  if (version === VECTOR_FILE_VERSION_INT4) return VECTOR_FILE_HEADER_BYTES + dims * 4 + count * 4 + Math.ceil((count * dims) / 2);
  return VECTOR_FILE_HEADER_BYTES + count * 4 + count * dims;
}

/** Version 1 for int8 vectors, version 2 for centred 4-bit ones (they have an `offset`). */
export function encodeVectorFile(q: QuantizedVectors): Uint8Array {
  if (q.codes.length !== q.count * q.dims || q.scales.length !== q.count || (q.offset && q.offset.length !== q.dims)) {
    throw new VectorFileError(`inconsistent vectors: ${q.count} x ${q.dims} needs ${q.count * q.dims} codes, ${q.count} scales and a ${q.dims}-long offset`);
  }
  const version = q.offset ? VECTOR_FILE_VERSION_INT4 : VECTOR_FILE_VERSION;
  const bytes = new Uint8Array(vectorFileBytes(q.dims, q.count, version));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = VECTOR_FILE_MAGIC.charCodeAt(i);
  view.setUint16(4, version, true);
  view.setUint16(6, 0, true);
  view.setUint32(8, q.dims, true);
  view.setUint32(12, q.count, true);
  let at = VECTOR_FILE_HEADER_BYTES;
  if (q.offset) for (let j = 0; j < q.dims; j++, at += 4) view.setFloat32(at, q.offset[j]!, true);
  for (let i = 0; i < q.count; i++, at += 4) view.setFloat32(at, q.scales[i]!, true);
  if (q.offset) bytes.set(packInt4(q.codes), at);
  else bytes.set(new Uint8Array(q.codes.buffer, q.codes.byteOffset, q.codes.length), at);
  return bytes;
}

export interface VectorFileHeader {
  readonly version: number;
  readonly dims: number;
  readonly count: number;
}

/** A vector file's header, checked, and its length checked against it: the shape without reading the codes. */
export function readVectorFileHeader(bytes: Uint8Array): VectorFileHeader {
  if (bytes.length < VECTOR_FILE_HEADER_BYTES) throw new VectorFileError(`vector file too short (${bytes.length} bytes); rebuild the index`);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== VECTOR_FILE_MAGIC) throw new VectorFileError(`not a quran-dai vector file (magic "${magic}")`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== VECTOR_FILE_VERSION && version !== VECTOR_FILE_VERSION_INT4) {
    throw new VectorFileError(`vector file version ${version} is not supported (expected ${VECTOR_FILE_VERSION} or ${VECTOR_FILE_VERSION_INT4}); rebuild the index`);
  }
  const dims = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const expected = vectorFileBytes(dims, count, version);
  if (bytes.length !== expected) throw new VectorFileError(`vector file has ${bytes.length} bytes, expected ${expected} for ${count} x ${dims}; the download is truncated or corrupt`);
  return { version, dims, count };
}

/** Read a vector file. int8 codes and scales are views into `buffer` on little-endian hosts; 4-bit codes are unpacked. */
export function decodeVectorFile(buffer: ArrayBuffer | Uint8Array): QuantizedVectors {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  const { version, dims, count } = readVectorFileHeader(bytes);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  /** `n` float32 values at byte `at` of the file: a view when aligned, else a copy. */
  const floats = (at: number, n: number): Float32Array =>
    littleEndian && (bytes.byteOffset + at) % 4 === 0
      ? new Float32Array(bytes.buffer, bytes.byteOffset + at, n)
      : Float32Array.from({ length: n }, (_, i) => view.getFloat32(at + i * 4, true));
  if (version === VECTOR_FILE_VERSION_INT4) {
    const offset = floats(VECTOR_FILE_HEADER_BYTES, dims);
    const scalesAt = VECTOR_FILE_HEADER_BYTES + dims * 4;
    const scales = floats(scalesAt, count);
    const codes = unpackInt4(bytes.subarray(scalesAt + count * 4), count * dims);
    return { dims, count, codes, scales, offset };
  }
  const scales = floats(VECTOR_FILE_HEADER_BYTES, count);
  const codes = new Int8Array(bytes.buffer, bytes.byteOffset + VECTOR_FILE_HEADER_BYTES + count * 4, count * dims);
  return { dims, count, codes, scales };
}
