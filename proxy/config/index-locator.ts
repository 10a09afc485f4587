/**
 * @module
 * Finds the vector index to serve: `INDEX_DIR/<INDEX_ID>/manifest.json`, or, without
 * INDEX_ID, the only index under INDEX_DIR. No index at all is fine (lexical search only);
 * several without INDEX_ID is a start-up error that lists them. `INDEX_ID=none` serves no index
 * (keyword search only), as the README says.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { parseVectorIndexManifest } from '../../data/index/vector-index-manifest-parser.js';

export class IndexLocatorError extends Error {
  override readonly name = 'IndexLocatorError';
}

/** The INDEX_ID that asks for keyword search only. */
export const NO_INDEX_ID = 'none';

export async function locateIndex(indexDir: string, indexId: string): Promise<VectorIndexManifest | null> {
  if (indexId === NO_INDEX_ID) return null;
  if (indexId) return readManifest(indexDir, indexId, true);
  let names: string[];
  try {
    names = (await readdir(indexDir, { withFileTypes: true }))
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
      .sort();
  } catch {
    return null; // no index built yet
  }
  const found: VectorIndexManifest[] = [];
  for (const n of names) {
    const m = await readManifest(indexDir, n, false);
    if (m) found.push(m);
  }
  if (found.length > 1) {
    throw new IndexLocatorError(`several vector indexes in ${indexDir} (${found.map((m) => m.id).join(', ')}); set INDEX_ID to the one to serve`);
  }
  return found[0] ?? null;
}

async function readManifest(indexDir: string, id: string, required: boolean): Promise<VectorIndexManifest | null> {
  const path = join(indexDir, id, 'manifest.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    if (required) throw new IndexLocatorError(`INDEX_ID=${id} but there is no ${path}; build it (npm run build:index) or fix INDEX_ID`);
    return null;
  }
  const manifest = parseVectorIndexManifest(JSON.parse(text));
  if (manifest.id !== id) throw new IndexLocatorError(`${path} says its id is "${manifest.id}", not "${id}"; rebuild the index`);
  return manifest;
}
