/**
 * Node-side loader (proxy, scripts): reads the built corpus from `data/dist/corpus`,
 * verifies every file against the manifest and returns a `Corpus` (corpus-loader.ts).
 */
import { readFile } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ExplanationLang, TextTrackId } from './corpus-types.js';
import type { Corpus } from './corpus.js';
import { loadCorpus } from './corpus-loader.js';

export const DEFAULT_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'corpus');

export interface NodeCorpusOptions {
  /** Directory holding manifest.json. Default: `data/dist/corpus`. */
  dir?: string;
  /** Translation tracks to load. Default: `['en']`. */
  tracks?: readonly TextTrackId[];
  /** Verse explanations to load. Default: none. */
  explanations?: readonly ExplanationLang[];
}

export async function loadCorpusFromDir(options: NodeCorpusOptions = {}): Promise<Corpus> {
  const dir = options.dir ?? DEFAULT_CORPUS_DIR;
  return loadCorpus(async (path) => new Uint8Array(await readFile(join(dir, path))), options.tracks ?? ['en'], dir, options.explanations ?? []);
}
