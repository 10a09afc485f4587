/** Node-side (scripts, proxy, tests): read `data/dist/index/<id>/` from disk. */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseVectorIndex, type LoadedVectorIndex, type ParseVectorIndexOptions } from './vector-index-loader.js';
import { VectorIndexError, parseVectorIndexManifest } from './vector-index-manifest-parser.js';
import { parseTopicVectorManifest, parseTopicVectors, TOPIC_VECTORS_MANIFEST } from './topic-vector-file.js';
import type { TopicIndex, TopicVectors } from '../topics/topic-index.js';

/** `data/dist/index`: one directory per embedder id. */
export const DEFAULT_INDEX_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'index');

export async function loadVectorIndexFromDir(dir: string, options: ParseVectorIndexOptions = {}): Promise<LoadedVectorIndex> {
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
  } catch (error) {
    throw new VectorIndexError(`no vector index at ${dir} (${(error as Error).message}); run npm run build:index first`);
  }
  // Every file: a staged index is read whole (its signs and magnitudes), as the widget ends up with it.
  const files = new Map<string, Uint8Array>();
  for (const file of parseVectorIndexManifest(manifestJson).files) {
    const bytes = await readFile(join(dir, file.path));
    files.set(file.path, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  }
  return parseVectorIndex(manifestJson, files, options);
}

/**
 * The topic vectors beside an index (`topics.json`), for the given topic index; undefined when the
 * index has none or they were made from another topic index (the reason goes to `warn`).
 */
export async function loadTopicVectorsFromDir(dir: string, topics: TopicIndex, warn: (message: string) => void = () => {}): Promise<TopicVectors | undefined> {
  let manifestJson: unknown;
  try {
    manifestJson = JSON.parse(await readFile(join(dir, TOPIC_VECTORS_MANIFEST), 'utf8'));
  } catch {
    warn(`index ${dir} has no topic vectors: topics are matched by keywords only (npm run build:index adds them)`);
    return undefined;
  }
  const manifest = parseTopicVectorManifest(manifestJson);
  const bytes = await readFile(join(dir, manifest.file.path));
  const parsed = await parseTopicVectors(manifest, new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), topics);
  if ('refused' in parsed) {
    warn(parsed.refused);
    return undefined;
  }
  return parsed.vectors;
}
