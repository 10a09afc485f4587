/**
 * The mosque's own documents in the page: the site manifest (revalidated), then its chunks
 * and vectors from IndexedDB or the network, with the corpus's cache protocol (downloads
 * verified against the manifest's sha256 before they are stored, a version keyed by its
 * files' hashes, damaged copies downloaded again). Offline, the stored version is used. Any
 * other failure throws with its reason, for the site owner; the visitor still gets the verses.
 *
 * The cache protocol comes in as a port (`SiteCachePort`): this module sits in the lazy site
 * chunk, and importing the data-cache modules here would split the widget's first-load chunks.
 */
import type { QuantizedVectors } from '../../data/index/int8-quantization.js';
import { parseSiteChunks, parseSiteManifest } from '../../data/site/site-artefact-parts.js';
import type { SiteArtefact } from '../../data/site/site-artefact-reader.js';
import type { SiteChunk, SiteManifest } from '../../data/site/site-types.js';
import type { DataStore } from '../data-cache/data-store.js';
import type { findStored, obtainVerifiedFiles, readCurrentParts } from '../data-cache/obtain-verified-files.js';
import type { absoluteUrl, resolveUrl } from '../data-cache/data-urls.js';
import type { fetchManifestJson } from '../data-cache/fetch-manifest.js';
import type { cacheVersionOf } from '../data-cache/cache-version.js';
import type { isAbortError } from '../api/abort-error.js';
import type { sha256Hex } from '../../data/corpus/content-hash.js';
import type { decodeVectorFile } from '../../data/index/vector-file.js';

export const SITE_SLOT = 'site';

/** The page's data-cache functions (widget/data-cache), as the corpus and index use them. */
export interface SiteCachePort {
  readonly stores: Promise<readonly DataStore[]>;
  readonly obtainVerifiedFiles: typeof obtainVerifiedFiles;
  readonly findStored: typeof findStored;
  readonly readCurrentParts: typeof readCurrentParts;
  readonly fetchManifestJson: typeof fetchManifestJson;
  readonly absoluteUrl: typeof absoluteUrl;
  readonly resolveUrl: typeof resolveUrl;
  readonly cacheVersionOf: typeof cacheVersionOf;
  readonly isAbortError: typeof isAbortError;
  readonly sha256Hex: typeof sha256Hex;
  readonly decodeVectorFile: typeof decodeVectorFile;
}

export interface SiteDataOptions {
  /** URL of the site `manifest.json` (from `/api/config`), absolute or relative to the page. */
  readonly manifestUrl: string;
  readonly cache: SiteCachePort;
  readonly signal?: AbortSignal;
}

type Decoded = { readonly chunks: SiteChunk[] } | { readonly vectors: QuantizedVectors };

export async function loadSiteData(o: SiteDataOptions): Promise<SiteArtefact> {
  const c = o.cache;
  const manifestUrl = c.absoluteUrl(o.manifestUrl);
  const prefetching = c.stores
    .then((stores) => c.readCurrentParts(stores, SITE_SLOT, (stored) => parseSiteManifest(stored.manifest).files.map((f) => f.path)))
    .catch(() => undefined);
  let manifest: SiteManifest;
  try {
    manifest = parseSiteManifest(await c.fetchManifestJson(manifestUrl, o.signal));
  } catch (e) {
    if (c.isAbortError(e)) throw e;
    // Offline: the documents of the last visit, if any.
    const cached = await c.findStored(await c.stores, SITE_SLOT);
    if (!cached) throw e;
    manifest = parseSiteManifest(cached.stored.manifest);
  }
  const { values } = await c.obtainVerifiedFiles<Decoded>({
    stores: await c.stores,
    prefetched: await prefetching,
    slot: SITE_SLOT,
    stored: { version: c.cacheVersionOf(manifest), manifest },
    files: manifest.files.map((f) => ({
      part: f.path,
      url: c.resolveUrl(f.path, manifestUrl),
      bytes: f.bytes,
      verify: async (b) => {
        const actual = await c.sha256Hex(b);
        if (actual !== f.sha256)
          throw new Error(
            `${f.path} failed its integrity check (sha256 ${actual.slice(0, 12)}…, expected ${f.sha256.slice(0, 12)}…); reload the page or rebuild the site documents`,
          );
      },
      decode: (b) =>
        f.part === 'chunks' ? { chunks: parseSiteChunks(JSON.parse(new TextDecoder().decode(b)), manifest) } : { vectors: c.decodeVectorFile(b) },
    })),
    mode: 'commit',
    ...(o.signal ? { signal: o.signal } : {}),
  });
  let chunks: SiteChunk[] | undefined;
  let vectors: QuantizedVectors | null = null;
  for (const v of values.values()) {
    if ('chunks' in v) chunks = v.chunks;
    else vectors = v.vectors;
  }
  if (!chunks) throw new Error(`${manifestUrl} lists no chunks file; rebuild the site documents (npm run build:site)`);
  // Vectors that do not fit the chunks are not used: keyword search still works.
  if (vectors && (vectors.count !== chunks.length || vectors.dims !== manifest.vectors?.dims)) vectors = null;
  return { manifest, chunks, vectors };
}
