/**
 * The key a version's files are cached under: the manifest's version string together with a
 * digest of every file's sha256. The cache used to trust a version string alone, so a
 * manifest that reused the real version string with other files (a bad deploy, a hostile
 * mirror) was served from the cache from then on, and the real files were never fetched
 * again. Now each set of files has its own key: other files under the same version string
 * are another version to the cache, downloaded, verified against their sha256 and kept apart.
 *
 * Parts are checked against their sha256 when they are downloaded (before they are stored),
 * not each time they are read back: hashing on read costs, in Chromium 156 on a busy 2-core
 * server, 1.7-3.2 ms for the 1.3 MB Arabic file and 7.4-7.6 ms for the 4.8 MB 768-dimension
 * vector file with WebCrypto, but 25-28 ms and 71-84 ms on the main thread with the pure-JS
 * fallback that pages served over plain http get (no `crypto.subtle` there). That is every
 * visit, ~125 ms for the corpus and vectors together, several times more on a phone, against
 * a repeat-visit budget of 200 ms (BENCHMARKS.md). What is read back is instead checked for
 * length and shape (obtain-verified-files.ts, decode-corpus-part.ts); a part that fails is
 * purged and downloaded again. See ADR 0011.
 */
import { sha256 } from '@noble/hashes/sha2.js';

/** A file as manifests list it: corpus and vector index manifests both carry these. */
export interface HashedFile {
  readonly path: string;
  readonly sha256: string;
}

const DIGEST_HEX_CHARS = 16;

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** What both manifests (corpus and vector index) have. */
export interface VersionedManifest {
  readonly version: string;
  readonly files: readonly HashedFile[];
}

/** The manifest's version and its files' hashes as one key, e.g. `460cb88acfd6421f.3f9a…` (file order does not matter). */
export function cacheVersionOf(manifest: VersionedManifest): string {
  const listing = manifest.files
    .map((f) => `${f.path}\u0000${f.sha256}`)
    .sort()
    .join('\n');
  const digest = hex(sha256(new TextEncoder().encode(listing))).slice(0, DIGEST_HEX_CHARS);
  return `${manifest.version}.${digest}`;
}
