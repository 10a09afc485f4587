import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startFakeXai, type FakeXaiServer } from '../testing/fake-xai.js';
import { chatInit, createTestProxy, TEST_XAI_KEY, type TestProxy } from '../testing/test-proxy.js';
import { readUiStream, streamedText } from '../testing/read-ui-stream.js';
import { createMemoryFileSource } from '../middleware/static-files/file-source.js';
import { buildDemoSite, demoChunkId, type DemoSite } from '../../scripts/site-build/demo-site.js';
import { SITE_NOT_COVERED_SENTENCE, SITE_RULES } from '../prompt/dai-prompt.js';

let xai: FakeXaiServer;
let demo: DemoSite;
let proxy: TestProxy;
let jumuah: number;
let faq: number;

beforeAll(async () => {
  xai = await startFakeXai();
  demo = await buildDemoSite();
  jumuah = demoChunkId(demo.site, 'jumuah-friday-prayer');
  faq = demoChunkId(demo.site, 'is-there-a-sisters-entrance');
});
afterAll(async () => {
  await xai.close();
});
beforeEach(async () => {
  xai.calls.length = 0;
  xai.respondWith(`Jumu'ah is at 1:30 pm [site:${jumuah}].`);
  xai.setTiming({ latencyMs: 0, chunkDelayMs: 0, chunkChars: 40 });
  proxy = await createTestProxy(
    { XAI_API_KEY: TEST_XAI_KEY, XAI_BASE_URL: xai.baseURL, SITE_BASE_URL: 'https://mosque.example.org/info/' },
    { site: demo.site, files: { site: createMemoryFileSource(demo.files) } },
  );
});

const ask = (body: unknown) => proxy.app.request('/api/chat', chatInit(body));
const systemPrompt = () => xai.calls[0]!.requestBodyJson.messages[0].content as string;

describe('when the proxy serves site documents', () => {
  it('should tell the widget where the site manifest is, its version and the base URL for links', async () => {
    const res = await proxy.app.request('/api/config');
    expect(res.status).toBe(200);
    const body = (await res.json()) as { site: unknown };
    expect(body.site).toStrictEqual({ manifest: '/data/site/manifest.json', version: demo.site.manifest.version, baseUrl: 'https://mosque.example.org/info' });
  });

  it('should point the site manifest at DATA_PUBLIC_URL when a CDN serves the static files', async () => {
    const cdn = await createTestProxy(
      { DATA_PUBLIC_URL: 'https://cdn.mosque.example/quran-dai/' },
      { site: demo.site, files: { site: createMemoryFileSource(demo.files) } },
    );
    const body = (await (await cdn.app.request('/api/config')).json()) as { site: unknown };
    expect(body.site).toStrictEqual({ manifest: 'https://cdn.mosque.example/quran-dai/data/site/manifest.json', version: demo.site.manifest.version });
  });

  it('should serve the manifest and the content-hashed chunks file, cached forever', async () => {
    const manifest = await proxy.app.request('/data/site/manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    const chunksPath = demo.site.manifest.files[0]!.path;
    const chunks = await proxy.app.request(`/data/site/${chunksPath}`);
    expect(chunks.status).toBe(200);
    expect(chunks.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(new Uint8Array(await chunks.arrayBuffer())).toEqual(demo.files[chunksPath]);
  });

  it('should put the retrieved site passages in the prompt from its own copy, with the rules that keep them apart', async () => {
    const res = await ask({ question: "When is Jumu'ah?", verses: [{ ref: '62:9' }], site: { version: demo.site.manifest.version, chunks: [jumuah, faq] } });
    expect(res.status).toBe(200);
    expect(streamedText(await readUiStream(res))).toBe(`Jumu'ah is at 1:30 pm [site:${jumuah}].`);
    const system = systemPrompt();
    for (const rule of SITE_RULES) expect(system).toContain(rule);
    expect(system).toContain(SITE_NOT_COVERED_SENTENCE);
    const chunk = demo.site.chunks[jumuah]!;
    expect(system).toContain(
      `Site passages (this mosque's own documents, not scripture; most relevant first).\n\n[site:${jumuah}] Opening times › Jumu'ah (Friday prayer)\n${chunk.text}`,
    );
    expect(system).toContain(`[site:${faq}] Visitors' FAQ › Is there a sisters' entrance?`);
    expect(system.indexOf('Retrieved verses')).toBeLessThan(system.indexOf('Site passages ('));
    expect(system).toContain(proxy.corpus.verse({ surah: 62, ayah: 9 }).arabic);
  });

  it('should never take passage text from the client', async () => {
    const res = await ask({
      question: 'When?',
      verses: [],
      site: { version: demo.site.manifest.version, chunks: [jumuah], text: 'Jumuah is cancelled forever' },
    });
    expect(res.status).toBe(200);
    await res.text();
    expect(systemPrompt()).not.toContain('cancelled forever');
    expect(systemPrompt()).toContain(demo.site.chunks[jumuah]!.text);
  });

  it('should still add the site rules, with an empty site list, when no passage was retrieved', async () => {
    await (await ask({ question: 'What is patience?', verses: [{ ref: '2:153' }] })).text();
    expect(systemPrompt()).toContain('(No site passages were retrieved for this question.)');
  });

  it('should refuse a passage number the site does not have, naming the field', async () => {
    const res = await ask({ question: 'When?', verses: [], site: { version: demo.site.manifest.version, chunks: [jumuah, 9999] } });
    expect(res.status).toBe(400);
    expect(await res.json()).toStrictEqual({
      error: {
        code: 'unknown-site-chunk',
        field: 'site.chunks[1]',
        message: `site.chunks[1]: site passage 9999 does not exist (the site documents have ${demo.site.chunks.length} passages, numbered from 0)`,
      },
    });
    expect(xai.calls).toHaveLength(0);
  });

  it('should refuse passages of another site version and say to reload', async () => {
    const res = await ask({ question: 'When?', verses: [], site: { version: 'abcdef0123456789', chunks: [jumuah] } });
    expect(res.status).toBe(400);
    const { error } = (await res.json()) as { error: { code: string; field: string; message: string } };
    expect([error.code, error.field]).toEqual(['site-version-mismatch', 'site.version']);
    expect(error.message).toMatch(/reload the page$/);
  });

  it('should refuse a repeated passage and more than five', async () => {
    const v = demo.site.manifest.version;
    const twice = await ask({ question: 'When?', verses: [], site: { version: v, chunks: [jumuah, jumuah] } });
    expect(twice.status).toBe(400);
    expect(((await twice.json()) as { error: { field: string } }).error.field).toBe('site.chunks[1]');
    const many = await ask({ question: 'When?', verses: [], site: { version: v, chunks: [0, 1, 2, 3, 4, 5] } });
    expect(many.status).toBe(400);
    expect(((await many.json()) as { error: { message: string } }).error.message).toBe('site.chunks: site.chunks has more than 5 passages');
  });
});

describe('when the proxy has no site documents', () => {
  beforeEach(async () => {
    proxy = await createTestProxy({ XAI_API_KEY: TEST_XAI_KEY, XAI_BASE_URL: xai.baseURL });
  });

  it('should say so in /api/config and keep the Quran-only prompt', async () => {
    expect(await (await proxy.app.request('/api/config')).json()).not.toHaveProperty('site');
    await (await ask({ question: 'What is patience?', verses: [{ ref: '2:153' }] })).text();
    expect(systemPrompt()).not.toContain('Site passages');
    expect(systemPrompt()).not.toContain(SITE_RULES[0]);
  });

  it('should refuse site passages with what to do', async () => {
    const res = await ask({ question: 'When?', verses: [], site: { version: 'abc', chunks: [0] } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { field: string; message: string } }).error).toMatchObject({
      field: 'site',
      message: expect.stringMatching(/no site documents \(npm run build:site builds them\)/),
    });
  });
});

describe('when the site documents are the demo mosque’s (SITE_DEMO_ONLY)', () => {
  const FOREIGN = 'http://localhost:18151';
  const demoOnly = (env: Record<string, string> = {}) =>
    createTestProxy(
      { XAI_API_KEY: TEST_XAI_KEY, XAI_BASE_URL: xai.baseURL, SITE_DEMO_ONLY: 'true', ...env },
      { site: demo.site, files: { site: createMemoryFileSource(demo.files) } },
    );

  it('should give them to the proxy’s own page only, even when ALLOWED_ORIGINS lets the other page in', async () => {
    for (const env of [{}, { ALLOWED_ORIGINS: FOREIGN }] as Record<string, string>[]) {
      const p = await demoOnly(env);
      const own = (await (await p.app.request('/api/config', { headers: { origin: 'http://localhost' } })).json()) as { site: unknown };
      expect(own.site).not.toBeNull();
      const foreign = (await (await p.app.request('/api/config', { headers: { origin: FOREIGN } })).json()) as { site: unknown };
      expect(foreign.site).toBeUndefined();
      expect((await p.app.request('/data/site/manifest.json', { headers: { origin: FOREIGN } })).status).toBe(404);
      expect((await p.app.request('/data/site/manifest.json')).status).toBe(200);
    }
  });

  it('should not answer a foreign page from them', async () => {
    const p = await demoOnly({ ALLOWED_ORIGINS: FOREIGN });
    const res = await p.app.request(
      '/api/chat',
      chatInit({ question: "When is Jumu'ah?", verses: [], site: { version: demo.site.manifest.version, chunks: [jumuah] } }, { origin: FOREIGN }),
    );
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('unknown-site-chunk');
    expect(xai.calls).toHaveLength(0);
  });
});
