/**
 * Snapshots of built lexical indexes (data/search/index/lexical-snapshot.ts) kept in the data store
 * as extra parts of the corpus version they were built from: `[corpus, version, lexical-en]`,
 * where `version` is the cache key of that corpus (cache-version.ts). They go wherever that
 * version goes, so a new corpus version deletes them with the old one (`deleteOtherVersions`).
 * They are made on this device, not downloaded, so they are not in the manifest; the engine
 * checks each one's key before using it.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import type { CorpusManifest } from '../../data/corpus/corpus-types.js';
import type { SearchTrack } from '../../data/search/query/language-detect.js';
import type { DataStore } from '../data-cache/data-store.js';
import { cacheVersionOf } from '../data-cache/cache-version.js';
import { CORPUS_SLOT } from '../data-cache/corpus-slot.js';
import { findStored } from '../data-cache/obtain-verified-files.js';

/** Part name of a track's snapshot inside a corpus version. */
export function lexicalSnapshotPart(track: SearchTrack): `lexical-${SearchTrack}` {
  return `lexical-${track}`;
}

/** The snapshots stored with the corpus of `manifest` for `tracks` (missing ones are left out). */
export async function readLexicalSnapshots(
  stores: readonly DataStore[],
  manifest: CorpusManifest,
  tracks: readonly SearchTrack[],
): Promise<Map<SearchTrack, Uint8Array>> {
  const out = new Map<SearchTrack, Uint8Array>();
  const version = cacheVersionOf(manifest);
  const holder = await findStored(stores, CORPUS_SLOT, version);
  if (!holder) return out;
  const read = await Promise.all(tracks.map((t) => holder.store.readPart(CORPUS_SLOT, version, lexicalSnapshotPart(t)).catch(() => undefined)));
  tracks.forEach((t, i) => read[i] && out.set(t, read[i]));
  return out;
}

/**
 * Keep a snapshot with the corpus of `manifest`, in the store that holds it. False when no
 * store holds it (any more) or the store refused (quota): the index is simply built next time.
 */
export async function storeLexicalSnapshot(stores: readonly DataStore[], manifest: CorpusManifest, track: SearchTrack, bytes: Uint8Array): Promise<boolean> {
  const version = cacheVersionOf(manifest);
  const holder = await findStored(stores, CORPUS_SLOT, version);
  if (!holder) return false;
  try {
    await holder.store.addPart(CORPUS_SLOT, version, lexicalSnapshotPart(track), bytes);
    return true;
  } catch {
    return false;
  }
}

interface LoadedSnapshots {
  readonly now: readonly Uint8Array[];
  readonly later: Promise<readonly Uint8Array[]>;
}

const loaded = new WeakMap<Corpus, LoadedSnapshots>();

/**
 * Called by the data loader with the snapshots it read with `corpus`: `now` came with the
 * corpus, `later` are still being read (never rejects).
 */
export function rememberLexicalSnapshots(corpus: Corpus, now: Iterable<Uint8Array>, later: Promise<readonly Uint8Array[]> = Promise.resolve([])): void {
  loaded.set(corpus, { now: [...now], later });
}

/** The snapshots the data loader read with `corpus` (none on a first visit), to restore an engine from. */
export function lexicalSnapshotsOf(corpus: Corpus): Uint8Array[] {
  return [...(loaded.get(corpus)?.now ?? [])];
}

/** Snapshots the data loader read for `corpus` after resolving (the Arabic one); empty when none. */
export function laterLexicalSnapshotsOf(corpus: Corpus): Promise<readonly Uint8Array[]> {
  return loaded.get(corpus)?.later ?? Promise.resolve([]);
}
