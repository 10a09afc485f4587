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
 */
import type { QuantizedVectors } from './int8-quantization.js';

export const VECTOR_FILE_MAGIC = 'QDVI';
export const VECTOR_FILE_VERSION = 1;
export const VECTOR_FILE_HEADER_BYTES = 16;

export class VectorFileError extends Error {
  override readonly name = 'VectorFileError';
}

export function vectorFileBytes(dims: number, count: number): number {
  return VECTOR_FILE_HEADER_BYTES + count * 4 + count * dims;
}

export function encodeVectorFile(q: QuantizedVectors): Uint8Array {
  if (q.codes.length !== q.count * q.dims || q.scales.length !== q.count) {
    throw new VectorFileError(`inconsistent vectors: ${q.count} x ${q.dims} needs ${q.count * q.dims} codes and ${q.count} scales`);
  }
  const bytes = new Uint8Array(vectorFileBytes(q.dims, q.count));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = VECTOR_FILE_MAGIC.charCodeAt(i);
  view.setUint16(4, VECTOR_FILE_VERSION, true);
  view.setUint16(6, 0, true);
  view.setUint32(8, q.dims, true);
  view.setUint32(12, q.count, true);
  for (let i = 0; i < q.count; i++) view.setFloat32(VECTOR_FILE_HEADER_BYTES + i * 4, q.scales[i]!, true);
  bytes.set(new Uint8Array(q.codes.buffer, q.codes.byteOffset, q.codes.length), VECTOR_FILE_HEADER_BYTES + q.count * 4);
  return bytes;
}

/** Read a vector file. The returned arrays are views into `buffer` on little-endian hosts. */
export function decodeVectorFile(buffer: ArrayBuffer | Uint8Array): QuantizedVectors {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  if (bytes.length < VECTOR_FILE_HEADER_BYTES) throw new VectorFileError(`vector file too short (${bytes.length} bytes); rebuild the index`);
  const magic = String.fromCharCode(bytes[0]!, bytes[1]!, bytes[2]!, bytes[3]!);
  if (magic !== VECTOR_FILE_MAGIC) throw new VectorFileError(`not a quran-dai vector file (magic "${magic}")`);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint16(4, true);
  if (version !== VECTOR_FILE_VERSION) throw new VectorFileError(`vector file version ${version} is not supported (expected ${VECTOR_FILE_VERSION}); rebuild the index`);
  const dims = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const expected = vectorFileBytes(dims, count);
  if (bytes.length !== expected) throw new VectorFileError(`vector file has ${bytes.length} bytes, expected ${expected} for ${count} x ${dims}; the download is truncated or corrupt`);
  const scalesOffset = bytes.byteOffset + VECTOR_FILE_HEADER_BYTES;
  const codesOffset = scalesOffset + count * 4;
  const littleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;
  const scales =
    littleEndian && scalesOffset % 4 === 0
      ? new Float32Array(bytes.buffer, scalesOffset, count)
      : Float32Array.from({ length: count }, (_, i) => view.getFloat32(VECTOR_FILE_HEADER_BYTES + i * 4, true));
  const codes = new Int8Array(bytes.buffer, codesOffset, count * dims);
  return { dims, count, codes, scales };
}
