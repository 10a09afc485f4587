/**
 * The key a version's files are cached under: the manifest's version string together with a
 * digest of every file's sha256. A version string alone is not enough: a manifest that reused the
 * real version string with other files (a bad deploy, a hostile mirror) would be served from the
 * cache from then on and the real files never fetched again. With the digest, other files under
 * the same version string are another version to the cache, downloaded, verified against their
 * sha256 and kept apart.
 *
 * Stored parts are checked for length and shape when read back (obtain-verified-files.ts,
 * decode-corpus-part.ts), and the texts shown as scripture against their sha256 too; the vector
 * file is not hashed on every visit, as its size makes that the larger cost (ADR 0011 and
 * BENCHMARKS.md have the measurements).
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
