/**
 * The verse index the project ships for the bundled model (`data/prebuilt/index/<id>`), so a
 * newcomer's first `npm start` serves semantic search at once instead of embedding the 6,236
 * verses for about six minutes. Used only when it was built from the same corpus; otherwise the
 * index is built as before.
 */
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseVectorIndexManifest } from '../../data/index/vector-index-manifest-parser.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { parseTopicVectorManifest, TOPIC_VECTORS_MANIFEST } from '../../data/index/topic-vector-file.js';
import { dropOtherVectorFiles } from './index-build-run.js';

export const PREBUILT_INDEX_ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'data', 'prebuilt', 'index');

/** The manifest of the shipped index `id` when it exists and matches `corpusVersion`. */
export function prebuiltIndexManifest(id: string, corpusVersion: string, root: string = PREBUILT_INDEX_ROOT): VectorIndexManifest | undefined {
  const path = join(root, id, 'manifest.json');
  if (!existsSync(path)) return undefined;
  try {
    const manifest = parseVectorIndexManifest(JSON.parse(readFileSync(path, 'utf8')));
    return manifest.corpusVersion === corpusVersion && manifest.id === id ? manifest : undefined;
  } catch {
    return undefined;
  }
}

/** Copies the shipped index of `manifest` (from `prebuiltIndexManifest`) into `outRoot/<its id>`. */
export async function copyPrebuiltIndex(manifest: VectorIndexManifest, outRoot: string, root: string = PREBUILT_INDEX_ROOT): Promise<void> {
  const from = join(root, manifest.id);
  const to = join(outRoot, manifest.id);
  await mkdir(to, { recursive: true });
  for (const name of [...manifest.files.map((f) => f.path), 'manifest.json']) await copyFile(join(from, name), join(to, name));
  await dropOtherVectorFiles(
    to,
    manifest.files.map((f) => f.path),
  );
  // The topic vectors shipped beside it: used when they were made from the served topic index
  // (ensure-server-index.ts checks), made again otherwise.
  const topics = join(from, TOPIC_VECTORS_MANIFEST);
  if (existsSync(topics)) {
    try {
      const t = parseTopicVectorManifest(JSON.parse(readFileSync(topics, 'utf8')));
      await copyFile(join(from, t.file.path), join(to, t.file.path));
      await copyFile(topics, join(to, TOPIC_VECTORS_MANIFEST));
    } catch {
      // unreadable: they are made again
    }
  }
}
