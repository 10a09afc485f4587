/**
 * The corpus half of `loadQuranData`: manifest (always revalidated), then the Arabic,
 * search and translation files from the cache or the network, then a `Corpus`.
 */
import type { CorpusManifest, CorpusPart, ExplanationLang, SurahFile, TextTrackId, VerseTextFile } from '../../data/corpus/corpus-types.js';
import { Corpus } from '../../data/corpus/corpus.js';
import { manifestEntry, parseManifest, verifyPartBytes } from '../../data/corpus/corpus-parts.js';
import type { SearchTrack } from '../../data/search/query/language-detect.js';
import type { DataStore } from './data-store.js';
import type { DataLoadProgressListener } from './data-load-progress.js';
import { DataLoadError } from './data-load-error.js';
import { isAbortError } from '../api/abort-error.js';
import { corpusManifestUrl, resolveUrl } from './data-urls.js';
import { fetchManifestJson } from './fetch-manifest.js';
import { CORPUS_SLOT } from './corpus-slot.js';
import { lexicalSnapshotPart } from '../snapshots/lexical-snapshot-store.js';
import { findStored, obtainVerifiedFiles, readCurrentParts, type VerifiedFileSpec } from './obtain-verified-files.js';
import { cacheVersionOf } from './cache-version.js';
import { decodeCorpusPart, isSurahFile, isVerseTextFile, type CorpusPartFile } from './decode-corpus-part.js';

export { CORPUS_SLOT } from './corpus-slot.js';

export interface CorpusDataOptions {
  readonly dataBase: string;
  readonly tracks: readonly TextTrackId[];
  /** Opening: the manifest request does not wait for IndexedDB to open. */
  readonly stores: Promise<readonly DataStore[]>;
  readonly onProgress?: DataLoadProgressListener;
  readonly signal?: AbortSignal;
  /** The manifest's response when it was asked for before this code loaded. */
  readonly earlyManifest?: Promise<Response>;
}

export interface CorpusData {
  readonly corpus: Corpus;
  /** Data files downloaded by this call (0 on a repeat visit). */
  readonly downloaded: number;
  /**
   * Lexical index snapshots of the translation tracks stored with this corpus version (repeat
   * visits), by track: what the first question needs. The larger Arabic snapshot is not read
   * here (see `loadQuranData`), so it does not delay the corpus.
   */
  readonly snapshots: ReadonlyMap<SearchTrack, Uint8Array>;
}

export async function loadCorpusData(o: CorpusDataOptions): Promise<CorpusData> {
  const manifestUrl = corpusManifestUrl(o.dataBase);
  // The Arabic search text is made from the Arabic on the page (Corpus), not downloaded.
  const parts: CorpusPart[] = ['surahs', 'arabic', ...o.tracks.map((t) => `translation-${t}` as const)];
  const snapshotTracks: SearchTrack[] = [...o.tracks];
  // Repeat visit: read the cached version, and the index snapshots built from it, while the
  // manifest request is in flight.
  const prefetching = o.stores
    .then((stores) => readCurrentParts(stores, CORPUS_SLOT, () => [...parts, ...snapshotTracks.map(lexicalSnapshotPart)]))
    .catch(() => undefined);
  const manifest = await currentManifest(manifestUrl, o.stores, o.signal, o.earlyManifest);
  mark('quran-dai:corpus-manifest');
  const stores = await o.stores;
  const prefetched = await prefetching;
  const cacheVersion = cacheVersionOf(manifest);
  const { values, downloaded } = await obtainVerifiedFiles({
    stores,
    prefetched,
    slot: CORPUS_SLOT,
    stored: { version: cacheVersion, manifest },
    files: parts.map((p) => corpusFileSpec(manifest, manifestUrl, p)),
    mode: 'commit',
    onProgress: o.onProgress,
    signal: o.signal,
  });
  mark('quran-dai:corpus-bytes');
  const tracks: Partial<Record<TextTrackId, VerseTextFile>> = {};
  for (const t of o.tracks) tracks[t] = verseFile(values, `translation-${t}`);
  const corpus = new Corpus({
    manifest,
    surahs: surahFile(values),
    arabic: verseFile(values, 'arabic'),
    tracks,
  });
  mark('quran-dai:corpus-parsed');
  const snapshots = new Map<SearchTrack, Uint8Array>();
  if (prefetched?.version === cacheVersion) {
    for (const t of snapshotTracks) {
      const b = prefetched.bytes.get(lexicalSnapshotPart(t));
      if (b) snapshots.set(t, b);
    }
  }
  return { corpus, downloaded, snapshots };
}

/** A User Timing mark (visible in devtools and to the bench), when the runtime has them. */
function mark(name: string): void {
  globalThis.performance?.mark?.(name);
}

export interface TranslationTrackOptions {
  readonly dataBase: string;
  readonly stores: readonly DataStore[];
  readonly onProgress?: DataLoadProgressListener;
  readonly signal?: AbortSignal;
}

/** Fetch (or read from the cache) one more translation for an already loaded corpus. */
export async function addCorpusTrack(corpus: Corpus, track: TextTrackId, o: TranslationTrackOptions): Promise<void> {
  if (!corpus.hasTrack(track)) corpus.addTrack(track, await laterVerseFile(corpus, `translation-${track}`, o));
}

/** Fetch (or read from the cache) a verse explanation for an already loaded corpus (after the first results). */
export async function addCorpusExplanation(corpus: Corpus, lang: ExplanationLang, o: TranslationTrackOptions): Promise<void> {
  if (!corpus.hasExplanation(lang)) corpus.addExplanation(lang, await laterVerseFile(corpus, `explanation-${lang}`, o));
}

/** One verse-text part of the loaded corpus's version, added to its cached copy. */
async function laterVerseFile(corpus: Corpus, part: Exclude<CorpusPart, 'surahs'>, o: TranslationTrackOptions): Promise<VerseTextFile> {
  const { values } = await obtainVerifiedFiles({
    stores: o.stores,
    slot: CORPUS_SLOT,
    stored: { version: cacheVersionOf(corpus.manifest), manifest: corpus.manifest },
    files: [corpusFileSpec(corpus.manifest, corpusManifestUrl(o.dataBase), part)],
    mode: 'add',
    onProgress: o.onProgress,
    signal: o.signal,
  });
  return verseFile(values, part);
}

/** The server's manifest; when it cannot be fetched, the cached version's (offline visit). */
async function currentManifest(url: string, stores: Promise<readonly DataStore[]>, signal?: AbortSignal, early?: Promise<Response>): Promise<CorpusManifest> {
  try {
    return parseManifest(await fetchManifestJson(url, signal, early));
  } catch (e) {
    if (isAbortError(e)) throw e;
    const cached = await findStored(await stores, CORPUS_SLOT);
    if (cached) return parseManifest(cached.stored.manifest);
    if (e instanceof DataLoadError) throw e;
    throw new DataLoadError(
      'no-cache',
      `the Quran data manifest at ${url} could not be read (${(e as Error).message}) and nothing is cached yet; check the widget's data URL`,
    );
  }
}

function corpusFileSpec(manifest: CorpusManifest, manifestUrl: string, part: CorpusPart): VerifiedFileSpec<CorpusPartFile> {
  const entry = manifestEntry(manifest, part);
  return {
    part,
    url: resolveUrl(entry.path, manifestUrl),
    bytes: entry.bytes,
    verify: (b) => verifyPartBytes(entry, b),
    // The texts shown as scripture and the explanations shown under it; the search keys
    // (arabic-search) and surah list keep the cheaper length-and-shape check, which keeps the
    // repeat visit near its 200 ms budget.
    verifyOnRead: part === 'arabic' || part.startsWith('translation-') || part.startsWith('explanation-'),
    decode: (b) => decodeCorpusPart(manifest, part, b),
  };
}

function surahFile(values: ReadonlyMap<string, CorpusPartFile>): SurahFile {
  const file = values.get('surahs');
  if (!isSurahFile(file)) throw new DataLoadError('corrupt-data', 'the surah list was not loaded; reload the page');
  return file;
}

function verseFile(values: ReadonlyMap<string, CorpusPartFile>, part: Exclude<CorpusPart, 'surahs'>): VerseTextFile {
  const file = values.get(part);
  if (!isVerseTextFile(file)) throw new DataLoadError('corrupt-data', `${part} was not loaded; reload the page`);
  return file;
}
