import { describe, expect, it } from 'vitest';
import { createMemoryFileSource } from './middleware/static-files/file-source.js';
import { IMMUTABLE_CACHE_CONTROL } from './middleware/static-files/index.js';
import { createTestProxy } from './testing/test-proxy.js';

describe('when the widget bundle is served', () => {
  it('should cache Vite chunks forever but revalidate the entry that names them', async () => {
    const widget = createMemoryFileSource({
      'quran-dai.js': 'import("./chunks/answer-view-DI-DxQxU.js")',
      'chunks/answer-view-DI-DxQxU.js': 'export {}',
    });
    const { app } = await createTestProxy({}, { files: { widget } });
    const entry = await app.request('/widget/quran-dai.js');
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('no-cache');
    const chunk = await app.request('/widget/chunks/answer-view-DI-DxQxU.js');
    expect(chunk.status).toBe(200);
    expect(chunk.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
  });
});

describe('when a data file is asked for by many spellings of its path', () => {
  it('should compress it once: variants are redirected or refused, never encoded again', async () => {
    const big = JSON.stringify({ texts: Array.from({ length: 2000 }, (_, i) => `verse ${i}`) });
    const corpus = createMemoryFileSource({ 'arabic.ad377878a3.json': big });
    let encodes = 0;
    const gzip = () => {
      encodes++;
      return new CompressionStream('gzip') as unknown as TransformStream<Uint8Array, Uint8Array>;
    };
    const { app } = await createTestProxy({}, { files: { corpus }, encoders: { gzip } });
    const get = (path: string) => app.request(path, { headers: { 'accept-encoding': 'gzip' } });
    const first = await get('/data/corpus/arabic.ad377878a3.json');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-encoding')).toBe('gzip');
    await first.arrayBuffer();
    const statuses: number[] = [];
    for (const variant of [
      '/data/corpus//arabic.ad377878a3.json',
      '/data/corpus/%61rabic.ad377878a3.json',
      '/data/corpus/./arabic.ad377878a3.json' /* the URL parser removes the dot */,
      '/data//corpus/arabic.ad377878a3.json',
      '/data/corpus/%2farabic.ad377878a3.json',
      '//data/corpus/arabic.ad377878a3.json',
    ]) {
      const res = await get(variant);
      statuses.push(res.status);
      await res.arrayBuffer();
    }
    expect(statuses).toStrictEqual([301, 301, 200, 404, 404, 404]);
    // Same file again, by its one path: served from the compressed cache.
    await (await get('/data/corpus/arabic.ad377878a3.json')).arrayBuffer();
    expect(encodes).toBe(1);
  });
});

describe('when an API address is opened in a browser', () => {
  it('should answer 405 with the method to use, for each POST endpoint, and still take preflights', async () => {
    const { app } = await createTestProxy({});
    for (const path of ['/api/chat', '/api/embed', '/api/feedback']) {
      const res = await app.request(path, { headers: { origin: 'http://localhost' } });
      expect([res.status, res.headers.get('allow')], path).toStrictEqual([405, 'POST, OPTIONS']);
      expect(await res.json()).toStrictEqual({
        error: { code: 'method-not-allowed', message: `${path} takes a POST with a JSON body (the README lists the endpoints).` },
      });
    }
    const preflight = await app.request('/api/chat', { method: 'OPTIONS', headers: { origin: 'http://localhost', 'access-control-request-method': 'POST' } });
    expect(preflight.status).not.toBe(405);
  });
});
