/**
 * Browser test of DATA_PUBLIC_URL: the files `npm run export:static` writes are served by a
 * second loopback server standing in for a CDN (with the headers docs/deploy.md asks for), a
 * mosque site on a third origin loads the widget from there, and the proxy answers only the
 * API. The widget must boot, search and answer with no data, widget or font file from the proxy,
 * and show the mosque's own documents (demo/site-docs, built as in site-documents.test.ts) from there too.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { SiteManifest } from '../../data/site/site-types.js';
import { loadSiteFromDir } from '../../data/site/site-loader-node.js';
import { cdnHeadersFor } from '../../scripts/static-export/export-static-tree.js';
import { exportStaticForConfig } from '../../scripts/static-export/export-static-for-config.js';
import { DEMO_SITE_DOCS_DIR } from '../../scripts/site-build/demo-site.js';
import { runSiteBuild } from '../../scripts/site-build/site-build-run.js';
import { QURAN_FONT_FILE } from '../verses/quran-font.js';
import { E2E_INDEX_DIMS, startE2eStack, type E2eStack } from '../testing/e2e/e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForQuranFontLoaded, waitForWidgetReady } from '../testing/e2e/widget-page.js';

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.bin': 'application/octet-stream',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
};

let stack: E2eStack;
let cdn: Server;
let host: Server;
let cdnOrigin = '';
let hostOrigin = '';
let proxyOrigin = '';
let staticRoot = '';
let siteDir = '';
let site: SiteManifest;
let jumuahId: number;
/** Every URL the browser asked for, in any tab: the site files are fetched once per profile, then read from IndexedDB. */
const requested: string[] = [];

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  staticRoot = await mkdtemp(join(tmpdir(), 'quran-dai-static-'));
  siteDir = await mkdtemp(join(tmpdir(), 'quran-dai-site-'));
  const index = { id: `test-hashing-${E2E_INDEX_DIMS}`, embedder: 'test-hashing', model: 'test-hashing-v1', dims: E2E_INDEX_DIMS } as VectorIndexManifest;
  await runSiteBuild({ source: DEMO_SITE_DOCS_DIR, outDir: siteDir, index, env: {} });
  jumuahId = (await loadSiteFromDir(siteDir))!.chunks.find((c) => c.anchor === 'jumuah-friday-prayer')!.id;
  // The CDN: plain files under the exported tree, with the documented headers and nothing else.
  cdn = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://cdn').pathname)).replace(/^[/\\]+/, '');
    const file = resolve(staticRoot, path);
    if (!file.startsWith(staticRoot + sep)) return void res.writeHead(404).end();
    readFile(file).then(
      (bytes) =>
        res
          .writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', ...cdnHeadersFor(path) })
          .end(req.method === 'HEAD' ? undefined : bytes),
      () => res.writeHead(404).end(),
    );
  });
  cdnOrigin = await listen(cdn);
  host = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<script type="module" src="${cdnOrigin}/widget/quran-dai.js"></script></head>
<body><h1>Masjid Al-Huda</h1><quran-dai id="embedded" proxy="${proxyOrigin}"></quran-dai></body></html>`),
  );
  hostOrigin = await listen(host);
  stack = await startE2eStack({ env: { ALLOWED_ORIGINS: hostOrigin, DATA_PUBLIC_URL: cdnOrigin, SITE_DIR: siteDir } });
  proxyOrigin = stack.baseUrl;
  stack.browser.context.on('request', (r) => void requested.push(r.url()));
  // What `npm run export:static` writes for this proxy's settings.
  const exported = await exportStaticForConfig(stack.proxy.config, staticRoot);
  expect(exported.indexId).toBe(stack.indexId);
  site = exported.site!;
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await new Promise((r) => cdn?.close(r));
  await new Promise((r) => host?.close(r));
  if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
  if (siteDir) await rm(siteDir, { recursive: true, force: true });
});

describe('when the static files come from a separate origin', () => {
  it('should boot the widget, its data and its font from there and use the proxy only for the API', async () => {
    stack.xai.respondWith('Allah is with the patient [2:153].');
    const { page, network } = await stack.newPage();
    const requests: string[] = [];
    page.on('request', (r) => void requests.push(r.url()));
    await page.goto(`${hostOrigin}/`);
    const ready = await waitForWidgetReady(page, 'embedded');
    expect(ready.indexId).toBe(stack.indexId);
    expect(ready.chat).toBe(true);

    await askQuestion(page, 'embedded', 'seek help through patience and prayer');
    await waitForAnswerDone(page, 'embedded');
    expect(await page.locator('#embedded [part~="answer-body"] a[part~="citation"]').first().getAttribute('href')).toBe('https://quran.com/2/153');
    expect(await waitForQuranFontLoaded(page)).toBe('loaded');
    await network.settle();

    const fromProxy = requests.filter((u) => u.startsWith(proxyOrigin)).map((u) => new URL(u).pathname);
    expect(fromProxy.filter((p) => !p.startsWith('/api/'))).toStrictEqual([]);
    expect(fromProxy).toEqual(expect.arrayContaining(['/api/config', '/api/embed', '/api/chat']));
    const fromCdn = requests.filter((u) => u.startsWith(cdnOrigin)).map((u) => new URL(u).pathname);
    expect(fromCdn).toEqual(
      expect.arrayContaining(['/widget/quran-dai.js', '/data/corpus/manifest.json', `/data/index/${stack.indexId}/manifest.json`, `/fonts/${QURAN_FONT_FILE}`]),
    );
    expect(fromCdn.some((p) => /^\/data\/corpus\/arabic\.[0-9a-f]{10}\.json$/.test(p))).toBe(true);
    expect(network.responses.filter((r) => r.url.startsWith(cdnOrigin) && r.status !== 200)).toStrictEqual([]);
    await page.close();
  });

  it('should show the mosque\'s own passages for "When is Jumu\'ah?" with their files from there, never from the proxy', async () => {
    stack.xai.respondWith(`Jumu'ah prayer is at 1:30 pm [site:${jumuahId}].`);
    const { page } = await stack.newPage();
    const requests: string[] = [];
    page.on('request', (r) => void requests.push(r.url()));
    await page.goto(`${hostOrigin}/`);
    await waitForWidgetReady(page, 'embedded');
    await askQuestion(page, 'embedded', "When is Jumu'ah?");
    await waitForAnswerDone(page, 'embedded');

    const section = page.locator('#embedded [part="site"]');
    await section.waitFor();
    expect(await section.locator('[part="site-heading"]').textContent()).toBe('From this mosque');
    const card = section.locator(`[part="site-card"][data-site="${jumuahId}"]`);
    expect(await card.locator('[part="site-card-text"]').textContent()).toContain('the prayer is at 1:30 pm');
    expect(await page.locator(`#embedded [part~="answer-body"] [data-site="${jumuahId}"]`).getAttribute('data-status')).toBe('verified');

    // This page revalidates the manifest; the hashed files came once, in whichever tab loaded them first.
    expect(requests).toContain(`${cdnOrigin}/data/site/manifest.json`);
    expect(site.files.map((f) => f.part)).toStrictEqual(['chunks', 'vectors']);
    expect(requested).toEqual(expect.arrayContaining(site.files.map((f) => `${cdnOrigin}/data/site/${f.path}`)));
    expect(requested.filter((u) => u.startsWith(proxyOrigin) && !new URL(u).pathname.startsWith('/api/'))).toStrictEqual([]);
    await page.close();
  });
});
