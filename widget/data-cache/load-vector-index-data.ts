/**
 * The vector-index half of `loadQuranData`: the index manifest (revalidated), then its
 * vector files from the cache or the network. Downloads are verified against the manifest's
 * sha256 before they are stored; cached copies are keyed by those hashes and checked for
 * length and shape when read (cache-version.ts). Any failure here returns null: the widget
 * still searches lexically.
 *
 * A staged index (its signs, then its magnitudes) that is not stored whole arrives in two steps:
 * the signs resolve the load (meaning search can start on a quarter of the bytes), the
 * magnitudes follow in `refined`.
 */
import type { VectorIndexFile, VectorIndexManifest } from '../../data/index/index-manifest.js';
import { sha256Hex } from '../../data/corpus/content-hash.js';
import { checkVectorFileShape } from '../../data/index/vector-index-loader.js';
import { parseVectorIndexManifest } from '../../data/index/vector-index-manifest-parser.js';
import { cacheVersionOf } from './cache-version.js';
import type { DataStore } from './data-store.js';
import type { DataLoadProgressListener } from './data-load-progress.js';
import { DataLoadError } from './data-load-error.js';
import { isAbortError } from '../api/abort-error.js';
import { absoluteUrl, resolveUrl } from './data-urls.js';
import { fetchManifestJson } from './fetch-manifest.js';
import { findStored, obtainVerifiedFiles, readCurrentParts } from './obtain-verified-files.js';

export interface VectorIndexDataOptions {
  readonly index: { readonly id: string; readonly manifestUrl: string };
  /** Opening: the manifest request does not wait for IndexedDB to open. */
  readonly stores: Promise<readonly DataStore[]>;
  readonly onProgress?: DataLoadProgressListener;
  readonly signal?: AbortSignal;
  /**
   * Called once the manifest is known and the vector file has to come from the network
   * (not from a store): the caller may stop waiting for it (see deferred-vector-search.ts).
   */
  readonly onDownloadStart?: (manifest: VectorIndexManifest) => void;
  /** A download of the vectors starts only once this has settled (the corpus, on a first visit). */
  readonly downloadAfter?: Promise<unknown>;
}

export interface VectorIndexData {
  readonly manifest: VectorIndexManifest;
  /** Verified bytes of each loaded manifest file, keyed by its `path`. */
  readonly files: ReadonlyMap<string, Uint8Array>;
  readonly downloaded: number;
  /**
   * A staged index whose magnitudes were not stored: every file once they are in too, or null
   * when they could not be loaded (the signs alone keep searching).
   */
  readonly refined?: Promise<VectorIndexData | null>;
}

export function indexSlot(id: string): string {
  return `index:${id}`;
}

export async function loadVectorIndexData(o: VectorIndexDataOptions): Promise<VectorIndexData | null> {
  const slot = indexSlot(o.index.id);
  const manifestUrl = absoluteUrl(o.index.manifestUrl);
  const prefetching = o.stores
    .then((stores) => readCurrentParts(stores, slot, (stored) => parseIndexManifest(stored.manifest, o.index.id).files.map((f) => f.path)))
    .catch(() => undefined);
  let manifest: VectorIndexManifest;
  try {
    manifest = parseIndexManifest(await fetchManifestJson(manifestUrl, o.signal), o.index.id);
  } catch (e) {
    if (isAbortError(e)) throw e;
    const cached = await findStored(await o.stores, slot);
    if (!cached) return null;
    manifest = parseIndexManifest(cached.stored.manifest, o.index.id);
  }
  const prefetched = await prefetching;
  const stores = await o.stores;
  const stored = { version: cacheVersionOf(manifest), manifest };
  const obtain = (files: readonly VectorIndexFile[], mode: 'commit' | 'add', first: boolean) =>
    obtainVerifiedFiles({
      stores,
      prefetched,
      ...(first ? { onDownloadStart: () => o.onDownloadStart?.(manifest), ...(o.downloadAfter ? { downloadAfter: o.downloadAfter } : {}) } : {}),
      slot,
      stored,
      files: files.map((f) => verifiedFileSpec(manifest, f, manifestUrl)),
      mode,
      onProgress: o.onProgress,
      signal: o.signal,
    });
  const storedWhole = prefetched?.version === stored.version && manifest.files.every((f) => prefetched.bytes.has(f.path));
  if (manifest.quantization !== 'int4-centered-staged' || storedWhole) {
    const { bytes, downloaded } = await obtain(manifest.files, 'commit', true);
    // A new index (another model or dimension) replaces the old one: drop other indexes, or
    // a site that switched would keep megabytes of unused vectors forever.
    if (downloaded > 0) await dropOtherIndexes(stores, slot);
    return { manifest, files: bytes, downloaded };
  }
  // The manifest parser holds a staged index to exactly two files: its signs, then its magnitudes.
  const [first, ...later] = manifest.files as [VectorIndexFile, ...VectorIndexFile[]];
  const signs = await obtain([first], 'commit', true);
  if (signs.downloaded > 0) await dropOtherIndexes(stores, slot);
  const refined = obtain(later, 'add', false).then(
    (rest): VectorIndexData => ({ manifest, files: new Map([...signs.bytes, ...rest.bytes]), downloaded: signs.downloaded + rest.downloaded }),
    (e: unknown) => {
      if (!isAbortError(e)) console.warn(`quran-dai: meaning search stays coarse (${(e as Error).message})`);
      return null;
    },
  );
  return { manifest, files: signs.bytes, downloaded: signs.downloaded, refined };
}

/** How one vector file of `manifest` is fetched, verified and checked when read back. */
function verifiedFileSpec(manifest: VectorIndexManifest, f: VectorIndexFile, manifestUrl: string) {
  return {
    part: f.path,
    url: resolveUrl(f.path, manifestUrl),
    bytes: f.bytes,
    verify: async (b: Uint8Array) => {
      const actual = await sha256Hex(b);
      if (actual !== f.sha256) {
        throw new DataLoadError(
          'corrupt-data',
          `${f.path} failed its integrity check (sha256 ${actual.slice(0, 12)}…, expected ${f.sha256.slice(0, 12)}…); reload the page or rebuild the index`,
        );
      }
    },
    // Length, header, format, dimensions and count (the sha256 was checked when the file was
    // stored); the codes are read once, by the search that uses them.
    decode: async (b: Uint8Array) => checkVectorFileShape(manifest, b, f),
  };
}

async function dropOtherIndexes(stores: readonly DataStore[], keep: string): Promise<void> {
  for (const store of stores) {
    const slots = await store.slots().catch(() => [] as string[]);
    for (const slot of slots) if (slot.startsWith('index:') && slot !== keep) await store.deleteSlot(slot).catch(() => undefined);
  }
}

function parseIndexManifest(json: unknown, id: string): VectorIndexManifest {
  const manifest = parseVectorIndexManifest(json);
  if (manifest.id !== id) {
    throw new DataLoadError('corrupt-data', `the index manifest describes ${manifest.id}, but the widget asked for ${id}; check the proxy's INDEX_ID`);
  }
  return manifest;
}
