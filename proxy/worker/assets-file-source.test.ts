import { describe, expect, it } from 'vitest';
import { assetsFileSource, assetsReader, type AssetsBinding } from './assets-file-source.js';

const seen: string[] = [];
const assets: AssetsBinding = {
  async fetch(request) {
    const path = new URL(request.url).pathname;
    seen.push(path);
    if (path === '/data/corpus/a%20b.json') return new Response('{"x":1}', { headers: { 'content-length': '7' } });
    if (path === '/data/corpus/chunked.json') return new Response(new Blob(['abc']).stream());
    if (path === '/data/corpus/broken.json') return new Response('', { status: 500 });
    return new Response('', { status: 404 });
  },
};

describe('when the Worker reads its files from the assets binding', () => {
  const source = assetsFileSource(assets, '/data/corpus', 42);

  it('should open a file under its mount, path segments encoded, with its size and the build time', async () => {
    const file = await source.open('a b.json');
    expect(seen.at(-1)).toBe('/data/corpus/a%20b.json');
    expect(file?.size).toBe(7);
    expect(file?.mtimeMs).toBe(42);
  });

  it('should measure a file whose length the binding did not give', async () => {
    const file = await source.open('chunked.json');
    expect(file?.size).toBe(3);
    expect(new TextDecoder().decode(file?.body() as Uint8Array)).toBe('abc');
  });

  it('should say a missing file is missing, and an asset error is an error', async () => {
    expect(await source.open('none.json')).toBeNull();
    await expect(source.open('broken.json')).rejects.toThrow(/answered 500/);
  });

  it('should read whole files, naming one that is missing and how to add it', async () => {
    expect(new TextDecoder().decode(await assetsReader(assets, '/data/corpus')('a b.json'))).toBe('{"x":1}');
    await expect(assetsReader(assets, '/data/corpus')('manifest.json')).rejects.toThrow(/no \/data\/corpus\/manifest\.json .*npm run worker:assets/);
  });
});
