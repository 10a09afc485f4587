/**
 * Validates a `manifest.json` of a vector index (fetched, cached or read from disk) before
 * anything trusts its numbers. Fails with a message that says what to do.
 */
import type { VectorIndexFile, VectorIndexManifest } from './index-manifest.js';

export class VectorIndexError extends Error {
  override readonly name = 'VectorIndexError';
}

const EMBEDDERS = new Set(['gemini', 'openai-compatible', 'local', 'test-hashing']);

function fail(field: string, expected: string): never {
  throw new VectorIndexError(`invalid vector index manifest: ${field} must be ${expected}; rebuild it with npm run build:index`);
}

function str(o: Record<string, unknown>, k: string): string {
  const v = o[k];
  return typeof v === 'string' ? v : fail(k, 'a string');
}

function int(o: Record<string, unknown>, k: string, min: number): number {
  const v = o[k];
  return typeof v === 'number' && Number.isInteger(v) && v >= min ? v : fail(k, `an integer >= ${min}`);
}

function unit(o: Record<string, unknown>, k: string): number {
  const v = o[k];
  return typeof v === 'number' && v >= -1 && v <= 1 ? v : fail(`floors.${k}`, 'a number in -1..1');
}

function record(v: unknown, field: string): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : fail(field, 'an object');
}

export function parseVectorIndexManifest(json: unknown): VectorIndexManifest {
  const o = record(json, 'manifest');
  if (o.schema !== 1) fail('schema', '1');
  const embedder = str(o, 'embedder');
  if (!EMBEDDERS.has(embedder)) fail('embedder', 'gemini, openai-compatible, local or test-hashing');
  if (o.quantization !== 'int8-per-vector' && o.quantization !== 'int4-centered' && o.quantization !== 'int4-centered-staged')
    fail('quantization', 'int8-per-vector, int4-centered or int4-centered-staged');
  if (typeof o.contextualised !== 'boolean') fail('contextualised', 'a boolean');
  const floors = record(o.floors, 'floors');
  if (!Array.isArray(o.files) || o.files.length === 0) fail('files', 'a non-empty array');
  if (o.quantization === 'int4-centered-staged' && o.files.length !== 2) fail('files', 'two files (the signs, then the magnitudes) for int4-centered-staged');
  const files: VectorIndexFile[] = o.files.map((f: unknown, i: number) => {
    const r = record(f, `files[${i}]`);
    const sha256 = str(r, 'sha256');
    if (!/^[0-9a-f]{64}$/.test(sha256)) fail(`files[${i}].sha256`, '64 hex digits');
    const path = str(r, 'path');
    if (path.includes('/') || path.includes('\\') || path.startsWith('.')) fail(`files[${i}].path`, 'a plain file name');
    return { path, bytes: int(r, 'bytes', 0), gzipBytes: int(r, 'gzipBytes', 0), sha256 };
  });
  return {
    schema: 1,
    id: str(o, 'id'),
    version: str(o, 'version'),
    embedder: embedder as VectorIndexManifest['embedder'],
    model: str(o, 'model'),
    dims: int(o, 'dims', 1),
    count: int(o, 'count', 1),
    quantization: o.quantization,
    queryTask: str(o, 'queryTask'),
    documentTask: str(o, 'documentTask'),
    queryPrefix: str(o, 'queryPrefix'),
    documentPrefix: str(o, 'documentPrefix'),
    textTemplate: str(o, 'textTemplate'),
    contextualised: o.contextualised,
    corpusVersion: str(o, 'corpusVersion'),
    floors: { primary: unit(floors, 'primary'), fallback: unit(floors, 'fallback') },
    files,
  };
}
