import { describe, expect, it } from 'vitest';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { TestHashingEmbedder } from '../../data/embed/test-hashing-embedder.js';
import { createTestProxy, TEST_XAI_KEY } from '../testing/test-proxy.js';
import { createMemoryFileSource } from '../middleware/static-files/file-source.js';

const INDEX = { schema: 1, id: 'idx-1', version: 'v9', embedder: 'gemini', model: 'm', dims: 8 } as unknown as VectorIndexManifest;

describe('when the widget asks for its config', () => {
  it('should offer lexical search only when there is no index', async () => {
    const { app, corpus } = await createTestProxy();
    const res = await app.request('/api/config');
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual({
      corpusManifest: '/data/corpus/manifest.json',
      corpusVersion: corpus.version,
      index: null,
      chat: false,
      feedback: false,
    });
  });
  it('should point the data and the font at DATA_PUBLIC_URL when a CDN serves them', async () => {
    const { app, corpus } = await createTestProxy({ DATA_PUBLIC_URL: 'https://cdn.mosque.example/quran-dai/' }, { index: { ...INDEX, embedder: 'local' } });
    expect(await (await app.request('/api/config')).json()).toStrictEqual({
      corpusManifest: 'https://cdn.mosque.example/quran-dai/data/corpus/manifest.json',
      corpusVersion: corpus.version,
      index: { id: 'idx-1', manifest: 'https://cdn.mosque.example/quran-dai/data/index/idx-1/manifest.json', queryEmbedding: 'browser' },
      chat: false,
      feedback: false,
      dataBase: 'https://cdn.mosque.example/quran-dai/data',
      fontBase: 'https://cdn.mosque.example/quran-dai/fonts',
    });
  });
  it('should point a local index at browser embedding', async () => {
    const { app } = await createTestProxy({}, { index: { ...INDEX, embedder: 'local' } });
    expect(((await (await app.request('/api/config')).json()) as { index: unknown }).index).toStrictEqual({
      id: 'idx-1',
      manifest: '/data/index/idx-1/manifest.json',
      queryEmbedding: 'browser',
    });
  });
  it('should point a Gemini index at the proxy when the embedder is configured', async () => {
    const { app } = await createTestProxy({ XAI_API_KEY: TEST_XAI_KEY }, { index: INDEX, embedder: new TestHashingEmbedder({ dims: 8 }) });
    expect(await (await app.request('/api/config')).json()).toMatchObject({ index: { queryEmbedding: 'proxy' }, chat: true });
  });
  it('should answer any origin, but offer answers and proxy embedding only to allowed ones', async () => {
    const { app } = await createTestProxy(
      { XAI_API_KEY: TEST_XAI_KEY, ALLOWED_ORIGINS: 'https://mosque.example', PUBLIC_ORIGINS: 'https://proxy.example' },
      { index: INDEX, embedder: new TestHashingEmbedder({ dims: 8 }) },
    );
    const other = await app.request('http://proxy.example/api/config', { headers: { origin: 'https://other.example' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBe('*');
    expect(await other.json()).toMatchObject({ index: null, chat: false, feedback: false });
    const mosque = await app.request('http://proxy.example/api/config', { headers: { origin: 'https://mosque.example' } });
    expect(await mosque.json()).toMatchObject({ index: { queryEmbedding: 'proxy' }, chat: true });
  });
  it('should tell a page outside ALLOWED_ORIGINS why, and log each such origin once with the fix', async () => {
    const { app, logs } = await createTestProxy({
      XAI_API_KEY: TEST_XAI_KEY,
      ALLOWED_ORIGINS: 'https://mosque.example',
      PUBLIC_ORIGINS: 'https://proxy.example',
    });
    const ask = async (origin: string) => (await app.request('http://proxy.example/api/config', { headers: { origin } })).json();
    expect(await ask('https://www.mosque.example')).toMatchObject({ chat: false, originAllowed: false });
    expect(await ask('https://www.mosque.example')).toMatchObject({ originAllowed: false });
    expect(await ask('https://mosque.example')).not.toHaveProperty('originAllowed');
    const refused = logs.filter((l) => l.includes('origin-not-allowed')).map((l) => JSON.parse(l) as { origin: string; fix: string });
    expect(refused.map((l) => [l.origin, l.fix])).toStrictEqual([
      ['https://www.mosque.example', 'add this origin to ALLOWED_ORIGINS for written answers and meaning search on its pages'],
    ]);
  });
  it('should not offer a Gemini index that no embedder can query', async () => {
    const { app } = await createTestProxy({}, { index: INDEX, embedder: null });
    expect(((await (await app.request('/api/config')).json()) as { index: unknown }).index).toBeNull();
  });
});

describe('when health is checked', () => {
  it('should name providers and versions but never a key', async () => {
    const { app, corpus } = await createTestProxy({ XAI_API_KEY: TEST_XAI_KEY }, { index: INDEX, embedder: new TestHashingEmbedder({ dims: 8 }) });
    const res = await app.request('/health');
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toMatchObject({
      status: 'ok',
      corpus: { version: corpus.version, verses: 6236 },
      index: { id: 'idx-1', version: 'v9', embedder: 'gemini', dims: 8 },
      providers: { chat: 'xai', chatModel: 'grok-3-mini', queryEmbedding: 'proxy' },
    });
    expect(text).not.toContain(TEST_XAI_KEY);
  });
});

describe('when metrics are scraped', () => {
  it('should count requests by route and status in Prometheus text', async () => {
    // A scraper on this machine (no METRICS_TOKEN set).
    const { app } = await createTestProxy({}, { remoteAddress: () => '127.0.0.1' });
    await app.request('/health');
    await app.request('/health');
    await app.request('/api/chat', { method: 'POST', headers: { origin: 'http://localhost' } });
    await app.request('/no/such/path/123');
    const res = await app.request('/metrics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(text).toContain('# TYPE quran_dai_http_requests_total counter');
    expect(text).toContain('quran_dai_http_requests_total{route="/health",method="GET",status="200"} 2');
    expect(text).toContain('quran_dai_http_requests_total{route="/api/chat",method="POST",status="503"} 1');
    expect(text).toContain('quran_dai_http_requests_total{route="/static",method="GET",status="404"} 1');
    expect(text).toContain('quran_dai_http_request_duration_seconds_count{route="/health"} 2');
    expect(text).not.toContain('/no/such/path');
  });
});

describe('when /metrics is asked for by someone else', () => {
  it('should answer 404 to a remote client without a token, like any unknown path', async () => {
    const { app } = await createTestProxy({}, { remoteAddress: () => '203.0.113.9' });
    const res = await app.request('/metrics');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('not-found');
  });
  it('should report the process memory the runtime gives', async () => {
    const { app } = await createTestProxy(
      {},
      { remoteAddress: () => '127.0.0.1', processMemory: () => ({ residentBytes: 300 * 2 ** 20, heapUsedBytes: 100 * 2 ** 20, externalBytes: 2 ** 20 }) },
    );
    const text = await (await app.request('/metrics')).text();
    expect(text).toContain('quran_dai_process_resident_memory_bytes 314572800');
    expect(text).toContain('quran_dai_process_heap_used_bytes 104857600');
    expect(text).toContain('quran_dai_process_external_memory_bytes 1048576');
  });
  it('should answer the METRICS_TOKEN from anywhere and 401 without it', async () => {
    const token = 'metrics-token-for-tests-0123456789';
    const { app } = await createTestProxy({ METRICS_TOKEN: token }, { remoteAddress: () => '203.0.113.9' });
    expect((await app.request('/metrics', { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
    expect((await app.request('/metrics')).status).toBe(401);
  });
});

describe('when the demo page is served', () => {
  it('should send the page policies, and no-referrer so a question in the URL never leaks to quran.com', async () => {
    const demo = createMemoryFileSource({ 'index.html': '<!doctype html><title>demo</title>' });
    const { app } = await createTestProxy({}, { files: { demo } });
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe(
      "script-src 'self' 'wasm-unsafe-eval'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; frame-ancestors 'self'",
    );
    expect(res.headers.get('permissions-policy')).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\)/);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  });
});

describe('when a request names a host the proxy does not serve', () => {
  it('should refuse it (DNS rebinding) before any route, with a JSON 421', async () => {
    const { app } = await createTestProxy();
    const res = await app.request('http://evil.example:8787/health');
    expect(res.status).toBe(421);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('host-not-allowed');
    expect((await app.request('http://127.0.0.1:8787/health')).status).toBe(200);
  });
});

describe('when the secure headers are checked', () => {
  it('should send nosniff and allow cross-origin loading of public resources', async () => {
    const { app } = await createTestProxy();
    const res = await app.request('/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});
