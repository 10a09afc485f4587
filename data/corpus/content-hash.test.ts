import { describe, expect, it } from 'vitest';
import { sha256Hex } from './content-hash.js';

// Known-answer vectors from FIPS 180-2.
const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';
const EMPTY = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';
const bytes = (s: string) => new TextEncoder().encode(s);

describe('when hashing with WebCrypto', () => {
  it('should give the FIPS 180-2 digests', async () => {
    expect(await sha256Hex(bytes('abc'))).toBe(ABC);
    expect(await sha256Hex(new ArrayBuffer(0))).toBe(EMPTY);
  });
});

describe('when the page has no crypto.subtle (plain http)', () => {
  it('should give the same digests from the pure-JS fallback', async () => {
    expect(await sha256Hex(bytes('abc'), null)).toBe(ABC);
    expect(await sha256Hex(new Uint8Array(0), null)).toBe(EMPTY);
    const big = new Uint8Array(100_000).map((_, i) => i % 251);
    expect(await sha256Hex(big, null)).toBe(await sha256Hex(big));
  });
});
