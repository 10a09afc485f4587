/** Node-side (scripts, proxy, tests): read `data/dist/index/<id>/` from disk. */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseVectorIndex, vectorFileOf, type LoadedVectorIndex, type ParseVectorIndexOptions } from './vector-index-loader.js';
import { VectorIndexError, parseVectorIndexManifest } from './vector-index-manifest-parser.js';

/** `data/dist/index`: one directory per embedder id. */
export const DEFAULT_INDEX_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index');

export async function loadVectorIndexFromDir(dir: string, options: ParseVectorIndexOptions = {}): Promise<LoadedVectorIndex> {
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  } catch (error) {
    throw new VectorIndexError(`no vector index at ${dir} (${(error as Error).message}); run npm run build:index first`);
  }
  const file = vectorFileOf(parseVectorIndexManifest(manifestJson));
  const bytes = await readFile(join(dir, file.path));
  return parseVectorIndex(manifestJson, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), options);
}
