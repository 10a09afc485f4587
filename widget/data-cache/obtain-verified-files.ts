/**
 * The cache protocol shared by the corpus and the vector index: read a version's files from
 * the first store that holds that version; download (streamed, with progress), verify and
 * only then store what is missing. A new version is committed whole (all files + pointer in
 * one transaction) and older versions are deleted afterwards.
 *
 * Nothing read back is trusted blindly: a stored part must have the manifest's length and
 * decode to the shape the caller needs (and match its sha256, for parts that ask for it). A part
 * that does not (a damaged, truncated or rewritten copy) is purged and downloaded again, so the
 * visitor still gets the verses. Versions are keyed by their files' hashes (cache-version.ts).
 */
import type { DataStore, StoredVersion } from './data-store.js';
import type { DataLoadProgressListener } from './data-load-progress.js';
import { downloadBytes } from './download-bytes.js';

/** One file of a version, as described by its manifest. */
export interface VerifiedFileSpec<T> {
  /** Key of the file inside its version (`arabic`, `translation-en`, `vectors.bin`). */
  readonly part: string;
  readonly url: string;
  /** Expected size: the progress total, and the length a stored copy must have. */
  readonly bytes: number;
  /** Throws when downloaded bytes are not the ones the manifest promised (sha256). */
  readonly verify: (bytes: Uint8Array) => Promise<void>;
  /**
   * Check a stored copy against its sha256 too, not only its length and shape. On for the verse
   * text: a same-origin script could rewrite a verse in IndexedDB ("with the patient" → "with the
   * wealthy", same length) and the next visit showed it as scripture and vouched for a quote of it.
   */
  readonly verifyOnRead?: boolean;
  /**
   * Turn the bytes into what the caller uses; throws when they cannot be used (not JSON,
   * wrong shape or count). Run on stored and downloaded bytes alike, once each.
   */
  readonly decode: (bytes: Uint8Array) => T | Promise<T>;
}

export interface ObtainFilesOptions<T> {
  readonly stores: readonly DataStore[];
  readonly slot: string;
  /** `version` is the cache key of the version (cacheVersionOf), not only its name. */
  readonly stored: StoredVersion;
  readonly files: readonly VerifiedFileSpec<T>[];
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
  /** Awaited before the first byte is requested: what else must arrive first on a shared link. */
  readonly downloadAfter?: Promise<unknown>;
}

/** What `readCurrentParts` found: the current version of a slot and the bytes of its parts. */
export interface PrefetchedParts {
  readonly version: string;
  readonly bytes: ReadonlyMap<string, Uint8Array>;
}

export interface ObtainedFiles<T> {
  readonly bytes: ReadonlyMap<string, Uint8Array>;
  /** Each part decoded by its spec's `decode`. */
  readonly values: ReadonlyMap<string, T>;
  /** Number of files that had to be downloaded (0 = everything came from a store; damaged copies count). */
  readonly downloaded: number;
}

/** First store whose current version of `slot` is `version` (any version when omitted). */
export async function findStored(
  stores: readonly DataStore[],
  slot: string,
  version?: string,
): Promise<{ store: DataStore; stored: StoredVersion } | undefined> {
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
export async function readCurrentParts(
  stores: readonly DataStore[],
  slot: string,
  partsOf: (stored: StoredVersion) => readonly string[],
): Promise<PrefetchedParts | undefined> {
  const holder = await findStored(stores, slot);
  if (!holder) return undefined;
  const parts = partsOf(holder.stored);
  const read = await Promise.all(parts.map((p) => holder.store.readPart(slot, holder.stored.version, p).catch(() => undefined)));
  const bytes = new Map<string, Uint8Array>();
  parts.forEach((p, i) => read[i] && bytes.set(p, read[i]));
  return { version: holder.stored.version, bytes };
}

export async function obtainVerifiedFiles<T>(o: ObtainFilesOptions<T>): Promise<ObtainedFiles<T>> {
  const stored = new Map<string, Uint8Array>();
  const holder = await findStored(o.stores, o.slot, o.stored.version);
  const prefetched = holder && o.prefetched?.version === o.stored.version ? o.prefetched.bytes : undefined;
  if (holder && prefetched) {
    for (const f of o.files) {
      const b = prefetched.get(f.part);
      if (b) stored.set(f.part, b);
    }
    o.onProgress?.({ loaded: stored.size, total: o.files.length, phase: 'read' });
  } else if (holder) {
    o.onProgress?.({ loaded: 0, total: o.files.length, phase: 'read' });
    let read = 0;
    for (const f of o.files) {
      const b = await holder.store.readPart(o.slot, o.stored.version, f.part).catch(() => undefined);
      if (b) stored.set(f.part, b);
      o.onProgress?.({ loaded: ++read, total: o.files.length, phase: 'read' });
    }
  }

  const bytes = new Map<string, Uint8Array>();
  const values = new Map<string, T>();
  for (const f of o.files) {
    const b = stored.get(f.part);
    if (!b) continue;
    const value = await decodeStored(f, b);
    if (value.ok) {
      bytes.set(f.part, b);
      values.set(f.part, value.value);
      continue;
    }
    console.warn(`quran-dai: the saved copy of ${f.part} is damaged (${value.reason}); downloading it again`);
    await holder?.store.deletePart(o.slot, o.stored.version, f.part).catch(() => undefined);
  }
  const missing = o.files.filter((f) => !bytes.has(f.part));
  if (missing.length === 0) return { bytes, values, downloaded: 0 };
  o.onDownloadStart?.();
  await o.downloadAfter?.catch(() => undefined);
  o.signal?.throwIfAborted();

  const fresh = await downloadAndVerify(missing, o.onProgress, o.signal);
  for (const f of missing) {
    const b = fresh.get(f.part)!;
    bytes.set(f.part, b);
    values.set(f.part, await f.decode(b));
  }
  o.signal?.throwIfAborted();
  o.onProgress?.({ loaded: 0, total: 1, phase: 'store' });
  if (holder) {
    // A translation that does not fit is still shown; it is simply downloaded again next time.
    for (const [part, b] of fresh) await holder.store.addPart(o.slot, o.stored.version, part, b).catch(() => undefined);
  } else if (o.mode === 'commit') {
    await commitToFirstWorkingStore(o.stores, o.slot, o.stored, fresh);
  }
  o.onProgress?.({ loaded: 1, total: 1, phase: 'store' });
  return { bytes, values, downloaded: missing.length };
}

type Decoded<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly reason: string };

/** A stored part, decoded, or why it cannot be used. */
async function decodeStored<T>(f: VerifiedFileSpec<T>, b: Uint8Array): Promise<Decoded<T>> {
  if (!(b instanceof Uint8Array)) return { ok: false, reason: 'not bytes' };
  if (b.byteLength !== f.bytes) return { ok: false, reason: `${b.byteLength} bytes, the manifest says ${f.bytes}` };
  try {
    if (f.verifyOnRead) await f.verify(b);
    return { ok: true, value: await f.decode(b) };
  } catch (e) {
    return { ok: false, reason: (e as Error).message };
  }
}

async function downloadAndVerify(
  files: readonly VerifiedFileSpec<unknown>[],
  onProgress?: DataLoadProgressListener,
  signal?: AbortSignal,
): Promise<Map<string, Uint8Array>> {
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
async function commitToFirstWorkingStore(
  stores: readonly DataStore[],
  slot: string,
  stored: StoredVersion,
  parts: ReadonlyMap<string, Uint8Array>,
): Promise<void> {
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
