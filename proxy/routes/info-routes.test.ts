import { describe, expect, it } from 'vitest';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { TestHashingEmbedder } from '../../data/embed/test-hashing-embedder.js';
import { createTestProxy, TEST_XAI_KEY } from '../testing/test-proxy.js';

const INDEX = { schema: 1, id: 'idx-1', version: 'v9', embedder: 'gemini', model: 'm', dims: 8 } as unknown as VectorIndexManifest;

describe('when the widget asks for its config', () => {
  it('should offer lexical search only when there is no index', async () => {
    const { app, corpus } = await createTestProxy();
    const res = await app.request('/api/config');
    expect(res.status).toBe(200);
    expect(await res.json()).toStrictEqual({ corpusManifest: '/data/corpus/manifest.json', corpusVersion: corpus.version, index: null, chat: false });
  });
  it('should point a local index at browser embedding', async () => {
    const { app } = await createTestProxy({}, { index: { ...INDEX, embedder: 'local' } });
    expect(((await (await app.request('/api/config')).json()) as { index: unknown }).index).toStrictEqual({ id: 'idx-1', manifest: '/data/index/idx-1/manifest.json', queryEmbedding: 'browser' });
  });
  it('should point a Gemini index at the proxy when the embedder is configured', async () => {
    const { app } = await createTestProxy({ XAI_API_KEY: TEST_XAI_KEY }, { index: INDEX, embedder: new TestHashingEmbedder({ dims: 8 }) });
    expect(await (await app.request('/api/config')).json()).toMatchObject({ index: { queryEmbedding: 'proxy' }, chat: true });
  });
  it('should answer any origin, but offer answers and proxy embedding only to allowed ones', async () => {
    const { app } = await createTestProxy({ XAI_API_KEY: TEST_XAI_KEY, ALLOWED_ORIGINS: 'https://mosque.example' }, { index: INDEX, embedder: new TestHashingEmbedder({ dims: 8 }) });
    const other = await app.request('http://proxy.example/api/config', { headers: { origin: 'https://other.example' } });
    expect(other.status).toBe(200);
    expect(other.headers.get('access-control-allow-origin')).toBe('*');
    expect(await other.json()).toMatchObject({ index: null, chat: false });
    const mosque = await app.request('http://proxy.example/api/config', { headers: { origin: 'https://mosque.example' } });
    expect(await mosque.json()).toMatchObject({ index: { queryEmbedding: 'proxy' }, chat: true });
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
    const { app } = await createTestProxy();
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

describe('when the secure headers are checked', () => {
  it('should send nosniff and allow cross-origin loading of public resources', async () => {
    const { app } = await createTestProxy();
    const res = await app.request('/health');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });
});
