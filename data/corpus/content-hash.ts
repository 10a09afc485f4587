/**
 * sha256 of bytes as lowercase hex. WebCrypto where it exists (Node 20, Workers, https
 * pages); pages served over plain http have no `crypto.subtle`, so a mosque site on http
 * falls back to @noble/hashes (audited pure JS) rather than failing verification.
 */
import { sha256 } from '@noble/hashes/sha2.js';

const toHex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

export async function sha256Hex(bytes: ArrayBuffer | Uint8Array, subtle: SubtleCrypto | null = globalThis.crypto?.subtle ?? null): Promise<string> {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (!subtle) return toHex(sha256(view));
  return toHex(new Uint8Array(await subtle.digest('SHA-256', view as Uint8Array<ArrayBuffer>)));
}
