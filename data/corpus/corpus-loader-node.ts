/**
 * Node-side loader (proxy, scripts): reads the built corpus from `data/dist/corpus`,
 * verifies every file against the manifest and returns a `Corpus`.
 */
import { readFile } from 'node:fs/promises';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TextTrackId, VerseTextFile } from './corpus-types.js';
import { Corpus } from './corpus.js';
import { CorpusError } from './corpus-error.js';
import { decodeJson, manifestEntry, parseManifest, parseSurahFile, parseVerseTextFile, verifyPartBytes } from './corpus-parts.js';

export const DEFAULT_CORPUS_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'corpus');

export interface NodeCorpusOptions {
  /** Directory holding manifest.json. Default: `data/dist/corpus`. */
  dir?: string;
  /** Translation tracks to load. Default: `['en']`. */
  tracks?: readonly TextTrackId[];
}

export async function loadCorpusFromDir(options: NodeCorpusOptions = {}): Promise<Corpus> {
  const dir = options.dir ?? DEFAULT_CORPUS_DIR;
  const tracks = options.tracks ?? ['en'];
  let manifestBytes: Buffer;
  try {
    manifestBytes = await readFile(join(dir, 'manifest.json'));
  } catch {
    throw new CorpusError('missing-part', `no corpus at ${dir}; run npm run build:corpus first`);
  }
  const manifest = parseManifest(decodeJson(manifestBytes));
  const read = async (part: Parameters<typeof manifestEntry>[1]) => {
    const entry = manifestEntry(manifest, part);
    const bytes = await readFile(join(dir, entry.path));
    await verifyPartBytes(entry, bytes);
    return decodeJson(bytes);
  };
  const [surahs, arabic, arabicSearch, ...trackFiles] = await Promise.all([
    read('surahs'),
    read('arabic'),
    read('arabic-search'),
    ...tracks.map((t) => read(`translation-${t}`)),
  ]);
  const trackMap: Partial<Record<TextTrackId, VerseTextFile>> = {};
  tracks.forEach((t, i) => (trackMap[t] = parseVerseTextFile(trackFiles[i])));
  return new Corpus({
    manifest,
    surahs: parseSurahFile(surahs),
    arabic: parseVerseTextFile(arabic),
    arabicSearch: parseVerseTextFile(arabicSearch),
    tracks: trackMap,
  });
}
