/**
 * Decoding corpus files at the boundary: bytes → checked, typed objects. Used by every
 * loader (Node fs, the widget's fetch/IndexedDB cache) so a truncated or tampered file
 * is refused with one clear message wherever it is read.
 */
import type { CorpusManifest, CorpusPart, ManifestFile, SurahFile, VerseTextFile } from './corpus-types.js';
import { CorpusError } from './corpus-error.js';
import { sha256Hex } from './content-hash.js';

export function parseManifest(json: unknown): CorpusManifest {
  const m = json as Partial<CorpusManifest> | null;
  if (!m || m.schema !== 1 || typeof m.version !== 'string' || !Array.isArray(m.files)) {
    throw new CorpusError('corrupt-data', 'corpus manifest.json is missing or not schema 1; rebuild with npm run build:corpus');
  }
  return m as CorpusManifest;
}

export function manifestEntry(manifest: CorpusManifest, part: CorpusPart): ManifestFile {
  const f = manifest.files.find((x) => x.part === part);
  if (!f) throw new CorpusError('missing-part', `corpus ${manifest.version} has no "${part}" file; rebuild with npm run build:corpus`);
  return f;
}

/** Check bytes against the manifest's sha256 before trusting them. */
export async function verifyPartBytes(entry: ManifestFile, bytes: ArrayBuffer | Uint8Array): Promise<void> {
  const actual = await sha256Hex(bytes);
  if (actual !== entry.sha256) {
    throw new CorpusError(
      'corrupt-data',
      `${entry.path} failed its integrity check (sha256 ${actual.slice(0, 12)}…, expected ${entry.sha256.slice(0, 12)}…); it was truncated or changed in transit, so reload the page or rebuild the corpus`,
    );
  }
}

export function decodeJson(bytes: ArrayBuffer | Uint8Array): unknown {
  return JSON.parse(new TextDecoder().decode(bytes));
}

export function parseSurahFile(json: unknown): SurahFile {
  const f = json as Partial<SurahFile> | null;
  if (!f || !Array.isArray(f.surahs)) throw new CorpusError('corrupt-data', 'surahs file is not a surah list; rebuild with npm run build:corpus');
  return f as SurahFile;
}

export function parseVerseTextFile(json: unknown): VerseTextFile {
  const f = json as Partial<VerseTextFile> | null;
  if (!f || typeof f.track !== 'string' || !Array.isArray(f.texts)) {
    throw new CorpusError('corrupt-data', 'verse text file is malformed; rebuild with npm run build:corpus');
  }
  const terms = f.searchTerms;
  if (terms !== undefined && (!Array.isArray(terms) || terms.length !== f.texts.length || !terms.every((t) => typeof t === 'string'))) {
    throw new CorpusError('corrupt-data', `the search words of "${f.track}" do not match its verses; rebuild with npm run build:corpus`);
  }
  return f as VerseTextFile;
}
