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
 *
 * The same 4-bit codes in two downloads (`encodeStagedVectorFiles`, ADR 0032), so meaning search
 * starts on a quarter of the bytes. Version 3, the signs, searchable alone:
 *
 *   offset 16  f32[dims]           the shared offset (the corpus mean)
 *   then       f32[count]          per-vector scales of the one-bit codes
 *   then       u8[ceil(count * dims / 8)]  one bit per code, element k in bit k % 8 of byte k / 8:
 *                                  1 for a code >= 0, 0 for a negative one
 *
 * Version 4, the magnitudes, read only with its signs:
 *
 *   offset 16  f32[count]          per-vector scales of the 4-bit codes
 *   then       u8[ceil(count * dims / 2)]  |code| (0..7), two per byte, low nibble first
 */
import { packInt4, unpackInt4 } from './int4-quantization.js';
import type { QuantizedVectors } from './int8-quantization.js';

export const VECTOR_FILE_MAGIC = 'QDVI';
/** int8 codes, one scale per vector. */
export const VECTOR_FILE_VERSION = 1;
/** Centred 4-bit codes: an offset, one scale per vector. */
export const VECTOR_FILE_VERSION_INT4 = 2;
/** The signs of centred 4-bit codes: the first, coarse download of a staged index. */
export const VECTOR_FILE_VERSION_SIGNS = 3;
/** The magnitudes of centred 4-bit codes: the second download, which refines the signs. */
export const VECTOR_FILE_VERSION_MAGNITUDES = 4;
export const VECTOR_FILE_HEADER_BYTES = 16;

export class VectorFileError extends Error {
  override readonly name = 'VectorFileError';
}

export function vectorFileBytes(dims: number, count: number, version: number = VECTOR_FILE_VERSION): number {
  if (version === VECTOR_FILE_VERSION_INT4) return VECTOR_FILE_HEADER_BYTES + dims * 4 + count * 4 + Math.ceil((count * dims) / 2);
  if (version === VECTOR_FILE_VERSION_SIGNS) return VECTOR_FILE_HEADER_BYTES + dims * 4 + count * 4 + Math.ceil((count * dims) / 8);
  if (version === VECTOR_FILE_VERSION_MAGNITUDES) return VECTOR_FILE_HEADER_BYTES + count * 4 + Math.ceil((count * dims) / 2);
  return VECTOR_FILE_HEADER_BYTES + count * 4 + count * dims;
}

/** Version 1 for int8 vectors, version 2 for centred 4-bit ones (they have an `offset`). */
export function encodeVectorFile(q: QuantizedVectors): Uint8Array {
  if (q.codes.length !== q.count * q.dims || q.scales.length !== q.count || (q.offset && q.offset.length !== q.dims)) {
    throw new VectorFileError(`inconsistent vectors: ${q.count} x ${q.dims} needs ${q.count * q.dims} codes, ${q.count} scales and a ${q.dims}-long offset`);
  }
  const version = q.offset ? VECTOR_FILE_VERSION_INT4 : VECTOR_FILE_VERSION;
  const { bytes, view } = vectorFileWithHeader(version, q.dims, q.count);
  let at = VECTOR_FILE_HEADER_BYTES;
  if (q.offset) for (let j = 0; j < q.dims; j++, at += 4) view.setFloat32(at, q.offset[j]!, true);
  for (let i = 0; i < q.count; i++, at += 4) view.setFloat32(at, q.scales[i]!, true);
  if (q.offset) bytes.set(packInt4(q.codes), at);
  else bytes.set(new Uint8Array(q.codes.buffer, q.codes.byteOffset, q.codes.length), at);
  return bytes;
}

/** A zeroed file of `version` for `count` x `dims` with its header written. */
function vectorFileWithHeader(version: number, dims: number, count: number): { bytes: Uint8Array; view: DataView } {
  const bytes = new Uint8Array(vectorFileBytes(dims, count, version));
  const view = new DataView(bytes.buffer);
  for (let i = 0; i < 4; i++) bytes[i] = VECTOR_FILE_MAGIC.charCodeAt(i);
  view.setUint16(4, version, true);
  view.setUint16(6, 0, true);
  view.setUint32(8, dims, true);
  view.setUint32(12, count, true);
  return { bytes, view };
}

/**
 * The two files of a staged index from centred 4-bit codes (`quantizeVectorsInt4Centered`):
 * the signs, and the magnitudes with the 4-bit scales. Each sign's scale is the one that makes
 * ±scale closest to the 4-bit values (least squares: the scale times the mean |code|); a code
 * of 0 reads as + in the signs alone.
 */
export function encodeStagedVectorFiles(q: QuantizedVectors): { signs: Uint8Array; magnitudes: Uint8Array } {
  if (!q.offset || q.codes.length !== q.count * q.dims || q.scales.length !== q.count) {
    throw new VectorFileError(`a staged index needs centred 4-bit codes (${q.count} x ${q.dims}), an offset and ${q.count} scales`);
  }
  const signs = vectorFileWithHeader(VECTOR_FILE_VERSION_SIGNS, q.dims, q.count);
  let at = VECTOR_FILE_HEADER_BYTES;
  for (let j = 0; j < q.dims; j++, at += 4) signs.view.setFloat32(at, q.offset[j]!, true);
  for (let i = 0; i < q.count; i++, at += 4) {
    let sum = 0;
    for (let j = i * q.dims; j < (i + 1) * q.dims; j++) sum += Math.abs(q.codes[j]!);
    signs.view.setFloat32(at, (q.scales[i]! * sum) / q.dims, true);
  }
  for (let k = 0; k < q.codes.length; k++) if (q.codes[k]! >= 0) signs.bytes[at + (k >> 3)]! |= 1 << (k & 7);
  const magnitudes = vectorFileWithHeader(VECTOR_FILE_VERSION_MAGNITUDES, q.dims, q.count);
  let mAt = VECTOR_FILE_HEADER_BYTES;
  for (let i = 0; i < q.count; i++, mAt += 4) magnitudes.view.setFloat32(mAt, q.scales[i]!, true);
  const absolute = Int8Array.from(q.codes, (c) => {
    if (c < -7 || c > 7) throw new VectorFileError(`code ${c} is not a 4-bit code (-7..7)`);
    return Math.abs(c);
  });
  magnitudes.bytes.set(packInt4(absolute), mAt);
  return { signs: signs.bytes, magnitudes: magnitudes.bytes };
}

/**
 * The 4-bit codes back from a staged index's two files, in one pass over their bytes (what every
 * repeat visit reads): exactly the codes `encodeStagedVectorFiles` was given.
 */
export function joinStagedVectorFiles(signsFile: Uint8Array, magnitudeFile: Uint8Array): QuantizedVectors {
  const signs = readVectorFileHeader(signsFile);
  const { version, dims, count } = readVectorFileHeader(magnitudeFile);
  if (signs.version !== VECTOR_FILE_VERSION_SIGNS || version !== VECTOR_FILE_VERSION_MAGNITUDES) {
    throw new VectorFileError(
      `expected a signs and a magnitudes file (versions ${VECTOR_FILE_VERSION_SIGNS} and ${VECTOR_FILE_VERSION_MAGNITUDES}), got versions ${signs.version} and ${version}`,
    );
  }
  if (dims !== signs.dims || count !== signs.count) {
    throw new VectorFileError(`the magnitudes (${count} x ${dims}) do not belong to these signs (${signs.count} x ${signs.dims}); download the index again`);
  }
  const offset = floatsAt(signsFile, VECTOR_FILE_HEADER_BYTES, dims);
  const bits = signsFile.subarray(VECTOR_FILE_HEADER_BYTES + dims * 4 + count * 4);
  const scales = floatsAt(magnitudeFile, VECTOR_FILE_HEADER_BYTES, count);
  const packed = magnitudeFile.subarray(VECTOR_FILE_HEADER_BYTES + count * 4);
  const codes = new Int8Array(count * dims);
  for (let k = 0; k < codes.length; k++) {
    const magnitude = (packed[k >> 1]! >> ((k & 1) * 4)) & 0xf;
    if (magnitude > 7) throw new VectorFileError(`magnitude ${magnitude} at ${k} is not a 4-bit code's; download the index again`);
    codes[k] = (bits[k >> 3]! >> (k & 7)) & 1 ? magnitude : -magnitude;
  }
  return { dims, count, codes, scales, offset };
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
  if (version < VECTOR_FILE_VERSION || version > VECTOR_FILE_VERSION_MAGNITUDES) {
    throw new VectorFileError(
      `vector file version ${version} is not supported (expected ${VECTOR_FILE_VERSION} to ${VECTOR_FILE_VERSION_MAGNITUDES}); rebuild the index`,
    );
  }
  const dims = view.getUint32(8, true);
  const count = view.getUint32(12, true);
  const expected = vectorFileBytes(dims, count, version);
  if (bytes.length !== expected)
    throw new VectorFileError(`vector file has ${bytes.length} bytes, expected ${expected} for ${count} x ${dims}; the download is truncated or corrupt`);
  return { version, dims, count };
}

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** `n` float32 values at byte `at` of the file: a view when aligned, else a copy. */
function floatsAt(bytes: Uint8Array, at: number, n: number): Float32Array {
  if (LITTLE_ENDIAN && (bytes.byteOffset + at) % 4 === 0) return new Float32Array(bytes.buffer, bytes.byteOffset + at, n);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Float32Array.from({ length: n }, (_, i) => view.getFloat32(at + i * 4, true));
}

/**
 * Read a vector file. int8 codes and scales are views into `buffer` on little-endian hosts; 4-bit
 * codes are unpacked; a signs file reads as codes of ±1 (searchable as is). A magnitudes file
 * is read with its signs (`joinStagedVectorFiles`).
 */
export function decodeVectorFile(buffer: ArrayBuffer | Uint8Array): QuantizedVectors {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer);
  const { version, dims, count } = readVectorFileHeader(bytes);
  const floats = (at: number, n: number) => floatsAt(bytes, at, n);
  if (version === VECTOR_FILE_VERSION_MAGNITUDES) throw new VectorFileError('a magnitudes file is read together with its signs file; load the whole index');
  if (version === VECTOR_FILE_VERSION_SIGNS) {
    const offset = floats(VECTOR_FILE_HEADER_BYTES, dims);
    const scalesAt = VECTOR_FILE_HEADER_BYTES + dims * 4;
    const scales = floats(scalesAt, count);
    const bits = bytes.subarray(scalesAt + count * 4);
    const codes = new Int8Array(count * dims);
    for (let k = 0; k < codes.length; k++) codes[k] = (bits[k >> 3]! >> (k & 7)) & 1 ? 1 : -1;
    return { dims, count, codes, scales, offset };
  }
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
