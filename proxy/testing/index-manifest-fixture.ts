/**
 * @module
 * Test helper: a vector index folder holding only its manifest (the proxy reads the manifest to
 * embed queries for it; the vectors are the browser's business). Default: Gemini, 8 dims.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';

export const GEMINI_TEST_INDEX = {
  schema: 1,
  id: 'gemini-embedding-001-8',
  version: 'abc',
  embedder: 'gemini',
  model: 'gemini-embedding-001',
  dims: 8,
  count: 6236,
  quantization: 'int8-per-vector',
  queryTask: 'RETRIEVAL_QUERY',
  documentTask: 'RETRIEVAL_DOCUMENT',
  queryPrefix: '',
  documentPrefix: '',
  textTemplate: '{text}',
  contextualised: false,
  floors: { primary: 0.5, fallback: 0.4 },
  files: [{ path: 'vectors.0123456789.bin', bytes: 1, gzipBytes: 1, sha256: '0'.repeat(64) }],
} as const;

/** Writes `<indexRoot>/<id>/manifest.json` for `corpusVersion`, with `overrides` over the Gemini default. */
export async function writeIndexManifestFixture(
  indexRoot: string,
  corpusVersion: string,
  overrides: Partial<Record<keyof VectorIndexManifest, unknown>> = {},
): Promise<void> {
  const manifest = { ...GEMINI_TEST_INDEX, corpusVersion, ...overrides };
  await mkdir(join(indexRoot, String(manifest.id)), { recursive: true });
  await writeFile(join(indexRoot, String(manifest.id), 'manifest.json'), JSON.stringify(manifest));
}
