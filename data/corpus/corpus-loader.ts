/**
 * @module
 * Reads the built corpus through any `read(path)` (the filesystem on Node, the static-assets
 * binding on Cloudflare Workers): the manifest, then every part it lists, each verified against
 * its sha256 before it is trusted.
 */
import type { CorpusManifest, CorpusPart, ExplanationLang, TextTrackId, VerseTextFile } from './corpus-types.js';
import { Corpus } from './corpus.js';
import { CorpusError } from './corpus-error.js';
import { decodeJson, manifestEntry, parseManifest, parseSurahFile, parseVerseTextFile, verifyPartBytes } from './corpus-parts.js';

/** Bytes of `path` (relative to the folder holding manifest.json); rejects when there is no such file. */
export type CorpusFileReader = (path: string) => Promise<Uint8Array>;

/**
 * @param where Names the folder in the error when there is no manifest (a path, or a URL).
 * @param tracks Translation tracks to load.
 * @param explanations Verse explanations to load (each must be in the manifest).
 */
export async function loadCorpus(
  read: CorpusFileReader,
  tracks: readonly TextTrackId[],
  where: string,
  explanations: readonly ExplanationLang[] = [],
): Promise<Corpus> {
  let manifestBytes: Uint8Array;
  try {
    manifestBytes = await read('manifest.json');
  } catch {
    throw new CorpusError('missing-part', `no corpus at ${where}; run npm run build:corpus first`);
  }
  const manifest = parseManifest(decodeJson(manifestBytes));
  const part = (name: CorpusPart) => readPart(read, manifest, name);
  const [surahs, arabic, ...rest] = await Promise.all([
    part('surahs'),
    part('arabic'),
    ...tracks.map((t) => part(`translation-${t}`)),
    ...explanations.map((l) => part(`explanation-${l}`)),
  ]);
  const trackMap: Partial<Record<TextTrackId, VerseTextFile>> = {};
  tracks.forEach((t, i) => (trackMap[t] = parseVerseTextFile(rest[i])));
  const explanationMap: Partial<Record<ExplanationLang, VerseTextFile>> = {};
  explanations.forEach((l, i) => (explanationMap[l] = parseVerseTextFile(rest[tracks.length + i])));
  return new Corpus({
    manifest,
    surahs: parseSurahFile(surahs),
    arabic: parseVerseTextFile(arabic),
    tracks: trackMap,
    explanations: explanationMap,
  });
}

/** Adds translation `track` to `corpus` from the same files (verified like the rest); a track the manifest does not list is an error. */
export async function loadCorpusTrack(read: CorpusFileReader, corpus: Corpus, track: TextTrackId): Promise<void> {
  if (!corpus.hasTrack(track)) corpus.addTrack(track, parseVerseTextFile(await readPart(read, corpus.manifest, `translation-${track}`)));
}

/** Adds the verse explanation in `lang` to `corpus` from the same files (verified like the rest); one the manifest does not list is an error. */
export async function loadCorpusExplanation(read: CorpusFileReader, corpus: Corpus, lang: ExplanationLang): Promise<void> {
  if (!corpus.hasExplanation(lang)) corpus.addExplanation(lang, parseVerseTextFile(await readPart(read, corpus.manifest, `explanation-${lang}`)));
}

/** One part the manifest lists, checked against its sha256 before it is trusted, as JSON. */
async function readPart(read: CorpusFileReader, manifest: CorpusManifest, part: CorpusPart): Promise<unknown> {
  const entry = manifestEntry(manifest, part);
  const bytes = await read(entry.path);
  await verifyPartBytes(entry, bytes);
  return decodeJson(bytes);
}
