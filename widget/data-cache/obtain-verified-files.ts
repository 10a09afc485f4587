/**
 * The cache protocol shared by the corpus and the vector index: read a version's files from
 * the first store that holds that version; download (streamed, with progress), verify and
 * only then store what is missing. A new version is committed whole (all files + pointer in
 * one transaction) and older versions are deleted afterwards.
 */
import type { DataStore, StoredVersion } from './data-store.js';
import type { DataLoadProgressListener } from './data-load-progress.js';
import { downloadBytes } from './download-bytes.js';

/** One file of a version, as described by its manifest. */
export interface VerifiedFileSpec {
  /** Key of the file inside its version (`arabic`, `translation-en`, `vectors.bin`). */
  readonly part: string;
  readonly url: string;
  /** Expected size, for the progress total. */
  readonly bytes: number;
  /** Throws when the bytes are not the ones the manifest promised. */
  readonly verify: (bytes: Uint8Array) => Promise<void>;
}

export interface ObtainFilesOptions {
  readonly stores: readonly DataStore[];
  readonly slot: string;
  readonly stored: StoredVersion;
  readonly files: readonly VerifiedFileSpec[];
  /**
   * `commit`: these files make up the version, store them as the new current version.
   * `add`: extra files for a version that may already be current (a later translation).
   */
  readonly mode: 'commit' | 'add';
  readonly onProgress?: DataLoadProgressListener;
  readonly signal?: AbortSignal;
  /** Parts already read from a store while the manifest was fetched (used when the version matches). */
  readonly prefetched?: PrefetchedParts;
  /** Called once, before the first byte is requested, when some file is not in any store. */
  readonly onDownloadStart?: () => void;
}

/** What `readCurrentParts` found: the current version of a slot and the bytes of its parts. */
export interface PrefetchedParts {
  readonly version: string;
  readonly bytes: ReadonlyMap<string, Uint8Array>;
}

export interface ObtainedFiles {
  readonly bytes: ReadonlyMap<string, Uint8Array>;
  /** Number of files that had to be downloaded (0 = everything came from a store). */
  readonly downloaded: number;
}

/** First store whose current version of `slot` is `version` (any version when omitted). */
export async function findStored(stores: readonly DataStore[], slot: string, version?: string): Promise<{ store: DataStore; stored: StoredVersion } | undefined> {
  for (const store of stores) {
    const stored = await store.current(slot).catch(() => undefined);
    if (stored && (version === undefined || stored.version === version)) return { store, stored };
  }
  return undefined;
}

/**
 * Read the parts of whatever version a slot currently holds, before knowing whether it is
 * still the newest: on a repeat visit this IndexedDB read overlaps the manifest request.
 */
export async function readCurrentParts(stores: readonly DataStore[], slot: string, partsOf: (stored: StoredVersion) => readonly string[]): Promise<PrefetchedParts | undefined> {
  const holder = await findStored(stores, slot);
  if (!holder) return undefined;
  const parts = partsOf(holder.stored);
  const read = await Promise.all(parts.map((p) => holder.store.readPart(slot, holder.stored.version, p).catch(() => undefined)));
  const bytes = new Map<string, Uint8Array>();
  parts.forEach((p, i) => read[i] && bytes.set(p, read[i]));
  return { version: holder.stored.version, bytes };
}

export async function obtainVerifiedFiles(o: ObtainFilesOptions): Promise<ObtainedFiles> {
  const bytes = new Map<string, Uint8Array>();
  const holder = await findStored(o.stores, o.slot, o.stored.version);
  const prefetched = holder && o.prefetched?.version === o.stored.version ? o.prefetched.bytes : undefined;
  if (holder && prefetched) {
    for (const f of o.files) {
      const b = prefetched.get(f.part);
      if (b) bytes.set(f.part, b);
    }
    o.onProgress?.({ loaded: bytes.size, total: o.files.length, phase: 'read' });
  } else if (holder) {
    o.onProgress?.({ loaded: 0, total: o.files.length, phase: 'read' });
    let read = 0;
    for (const f of o.files) {
      const b = await holder.store.readPart(o.slot, o.stored.version, f.part).catch(() => undefined);
      if (b) bytes.set(f.part, b);
      o.onProgress?.({ loaded: ++read, total: o.files.length, phase: 'read' });
    }
  }
  const missing = o.files.filter((f) => !bytes.has(f.part));
  if (missing.length === 0) return { bytes, downloaded: 0 };
  o.onDownloadStart?.();

  const fresh = await downloadAndVerify(missing, o.onProgress, o.signal);
  for (const [part, b] of fresh) bytes.set(part, b);
  o.signal?.throwIfAborted();
  o.onProgress?.({ loaded: 0, total: 1, phase: 'store' });
  if (holder) {
    // A translation that does not fit is still shown; it is simply downloaded again next time.
    for (const [part, b] of fresh) await holder.store.addPart(o.slot, o.stored.version, part, b).catch(() => undefined);
  } else if (o.mode === 'commit') {
    await commitToFirstWorkingStore(o.stores, o.slot, o.stored, fresh);
  }
  o.onProgress?.({ loaded: 1, total: 1, phase: 'store' });
  return { bytes, downloaded: missing.length };
}

async function downloadAndVerify(files: readonly VerifiedFileSpec[], onProgress?: DataLoadProgressListener, signal?: AbortSignal): Promise<Map<string, Uint8Array>> {
  const total = files.reduce((n, f) => n + f.bytes, 0);
  let loaded = 0;
  onProgress?.({ loaded, total, phase: 'download' });
  const onBytes = (delta: number) => {
    loaded += delta;
    onProgress?.({ loaded, total, phase: 'download' });
  };
  const downloaded = await Promise.all(files.map((f) => downloadBytes(f.url, { onBytes, signal })));
  let verified = 0;
  for (const [i, f] of files.entries()) {
    await f.verify(downloaded[i]!);
    onProgress?.({ loaded: ++verified, total: files.length, phase: 'verify' });
  }
  return new Map(files.map((f, i) => [f.part, downloaded[i]!]));
}

/** IndexedDB first; when it refuses (quota, blocked) keep the data in memory, silently. */
async function commitToFirstWorkingStore(stores: readonly DataStore[], slot: string, stored: StoredVersion, parts: ReadonlyMap<string, Uint8Array>): Promise<void> {
  for (const store of stores) {
    try {
      await store.commitVersion(slot, stored, parts);
    } catch {
      continue;
    }
    await store.deleteOtherVersions(slot, stored.version).catch(() => undefined);
    return;
  }
}
