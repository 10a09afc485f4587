import { describe, expect, it } from 'vitest';
import { Hono } from 'hono';
import { createMemoryFileSource } from './file-source.js';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { acceptsEncoding } from '../../http/accept-encoding.js';
import { etagMatches, IMMUTABLE_CACHE_CONTROL, resolveStaticPath, staticFiles } from './index.js';

const acceptsBrotli = (header: string | undefined) => acceptsEncoding(header, 'br');

const source = createMemoryFileSource({
  'manifest.json': '{"version":"abc"}',
  'arabic.ad377878a3.json': '{"texts":[]}',
  'vectors.0123456789abcdef.bin': new Uint8Array([1, 2]),
  'ort-wasm-simd.wasm': new Uint8Array([0, 97, 115, 109]),
  'model/model.onnx': new Uint8Array([1, 2, 3]),
  'index.html': '<!doctype html><title>demo</title>',
  '.env': 'SECRET=1',
  'topics-en.0a1b2c3d4e.json': '{"topics":["patience","patience","patience"]}',
  'topics-en.0a1b2c3d4e.json.br': new Uint8Array(brotliCompressSync('{"topics":["patience","patience","patience"]}')),
  'manifest.json.br': new Uint8Array([9, 9, 9]),
});

function appWith(prefix: string) {
  const app = new Hono();
  app.on(['GET', 'HEAD', 'OPTIONS'], prefix ? `${prefix}/*` : '/*', staticFiles({ source, prefix }));
  app.notFound((c) => c.text('nf', 404));
  return app;
}

describe('when a content-hashed file is requested', () => {
  it('should be cacheable forever and readable cross-origin', async () => {
    const res = await appWith('/data/corpus').request('/data/corpus/arabic.ad377878a3.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.text()).toBe('{"texts":[]}');
  });
  it('should treat a longer hash (the 16-hex vector file) as content-hashed too', async () => {
    const res = await appWith('/data/index').request('/data/index/vectors.0123456789abcdef.bin');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(res.headers.get('content-type')).toBe('application/vnd.quran-dai.vectors');
  });
});

describe('when a manifest is requested', () => {
  it('should be no-cache with an ETag', async () => {
    const res = await appWith('/data/corpus').request('/data/corpus/manifest.json');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('etag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
  });
  it('should answer 304 with no body when the ETag matches (also weakly)', async () => {
    const app = appWith('/data/corpus');
    const etag = (await app.request('/data/corpus/manifest.json')).headers.get('etag')!;
    for (const inm of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const res = await app.request('/data/corpus/manifest.json', { headers: { 'if-none-match': inm } });
      expect(res.status).toBe(304);
      expect(await res.text()).toBe('');
    }
    expect((await app.request('/data/corpus/manifest.json', { headers: { 'if-none-match': '"stale"' } })).status).toBe(200);
  });
});

describe('when another origin reads the data', () => {
  it('should answer a preflight and expose the ETag', async () => {
    const app = appWith('/data/corpus');
    const pre = await app.request('/data/corpus/manifest.json', {
      method: 'OPTIONS',
      headers: { origin: 'https://mosque.example', 'access-control-request-headers': 'if-none-match' },
    });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-headers')).toBe('*');
    const res = await app.request('/data/corpus/manifest.json');
    expect(res.headers.get('access-control-expose-headers')).toBe('ETag, Content-Length, Content-Encoding');
  });
  it('should answer HEAD with the length and no body', async () => {
    const res = await appWith('/data/corpus').request('/data/corpus/manifest.json', { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe('17');
    expect(await res.text()).toBe('');
  });
});

describe('when binary runtime files are requested', () => {
  it('should send WASM and ONNX with the right types', async () => {
    expect((await appWith('/runtime/ort').request('/runtime/ort/ort-wasm-simd.wasm')).headers.get('content-type')).toBe('application/wasm');
    expect((await appWith('/models').request('/models/model/model.onnx')).headers.get('content-type')).toBe('application/octet-stream');
  });
});

describe('when the path is hostile or missing', () => {
  it('should never serve dotfiles or escape the root', async () => {
    const app = appWith('');
    expect((await app.request('/.env')).status).toBe(404);
    expect((await app.request('/%2e%2e/etc/passwd')).status).toBe(404);
    expect(resolveStaticPath('/data/corpus/../../x', '/data/corpus', 'index.html')).toBeNull();
    expect(resolveStaticPath('/a%00b', '', 'index.html')).toBeNull();
  });
  it('should fall through to the next handler for a missing file', async () => {
    expect((await appWith('/data/corpus').request('/data/corpus/nope.json')).status).toBe(404);
  });
  it('should serve index.html for the root', async () => {
    const res = await appWith('').request('/');
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<title>demo</title>');
  });
});

describe('when a file is asked for by another spelling of its path', () => {
  it('should redirect (301) to the one canonical path, keeping the query', async () => {
    const app = appWith('/data/corpus');
    for (const variant of ['/data/corpus//manifest.json', '/data/corpus/%6danifest.json', '/data/corpus///manifest%2Ejson']) {
      const res = await app.request(`${variant}?v=1`);
      expect(res.status, variant).toBe(301);
      expect(res.headers.get('location')).toBe('/data/corpus/manifest.json?v=1');
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    expect((await app.request('/data/corpus/manifest.json')).status).toBe(200);
    expect((await app.request('/data/corpus')).headers.get('location')).toBe('/data/corpus/');
    expect((await app.request('/data/corpus//nope.json')).status).toBe(404); // a missing file is not redirected
  });
  it('should refuse a slash hidden in %2f', async () => {
    const app = appWith('/models');
    expect((await app.request('/models/model/model.onnx')).status).toBe(200);
    expect((await app.request('/models/model%2fmodel.onnx')).status).toBe(404);
    expect((await app.request('/models/model%2Fmodel.onnx')).status).toBe(404);
  });
  it('should resolve the canonical form of a directory and of pchar names', () => {
    expect(resolveStaticPath('/', '', 'index.html')).toStrictEqual({ rel: 'index.html', canonical: '/' });
    expect(resolveStaticPath('//', '', 'index.html')).toStrictEqual({ rel: 'index.html', canonical: '/' });
    expect(resolveStaticPath('/data/corpus', '/data/corpus', 'index.html')).toStrictEqual({ rel: 'index.html', canonical: '/data/corpus/' });
    expect(resolveStaticPath('/a/b/', '', 'index.html')).toStrictEqual({ rel: 'a/b/index.html', canonical: '/a/b/' });
    expect(resolveStaticPath('/m/Xenova/e5@v1+q:8.onnx', '/m', 'i')).toStrictEqual({ rel: 'Xenova/e5@v1+q:8.onnx', canonical: '/m/Xenova/e5@v1+q:8.onnx' });
    expect(resolveStaticPath('/m/a%20b%3f.txt', '/m', 'i')).toStrictEqual({ rel: 'a b?.txt', canonical: '/m/a%20b%3F.txt' });
  });
});

describe('when comparing ETags', () => {
  it('should match weakly and reject absent headers', () => {
    expect(etagMatches(undefined, '"a"')).toBe(false);
    expect(etagMatches('*', '"a"')).toBe(true);
    expect(etagMatches('W/"a"', '"a"')).toBe(true);
    expect(etagMatches('"b"', '"a"')).toBe(false);
  });
});

describe('when a content-hashed file has a brotli copy made at build time', () => {
  const app = appWith('/data/topics');
  it('should send the copy, marked br, to a client that takes brotli', async () => {
    const res = await app.request('/data/topics/topics-en.0a1b2c3d4e.json', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    const body = new Uint8Array(await res.arrayBuffer());
    expect(res.headers.get('content-length')).toBe(String(body.byteLength));
    expect(brotliDecompressSync(body).toString()).toBe('{"topics":["patience","patience","patience"]}');
  });
  it('should send the file itself, with another ETag, to a client without brotli', async () => {
    const plain = await app.request('/data/topics/topics-en.0a1b2c3d4e.json', { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    const packed = await app.request('/data/topics/topics-en.0a1b2c3d4e.json', { headers: { 'accept-encoding': 'br' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe('{"topics":["patience","patience","patience"]}');
    expect(plain.headers.get('etag')).not.toBe(packed.headers.get('etag'));
  });
  it('should never send a copy for a name that is not content-hashed (it could be stale)', async () => {
    const res = await appWith('/data/corpus').request('/data/corpus/manifest.json', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(await res.text()).toBe('{"version":"abc"}');
  });
  it('should read Accept-Encoding as RFC 9110 does', () => {
    expect(acceptsBrotli('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsBrotli('br;q=0.5')).toBe(true);
    expect(acceptsBrotli('*')).toBe(true);
    expect(acceptsBrotli('*;q=0.1, br;q=0')).toBe(false);
    expect(acceptsBrotli('gzip')).toBe(false);
    expect(acceptsBrotli(undefined)).toBe(false);
  });
});
