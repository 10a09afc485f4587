/**
 * Browser test of DATA_PUBLIC_URL: the files `npm run export:static` writes are served by a
 * second loopback server standing in for a CDN (with the headers docs/deploy.md asks for), a
 * mosque site on a third origin loads the widget from there, and the proxy answers only the
 * API. The widget must boot, search and answer with no data, widget or font file from the proxy.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, resolveQuranFontDir } from '../../proxy/server.js';
import { cdnHeadersFor, exportStaticTree } from '../../scripts/static-export/export-static-tree.js';
import { QURAN_FONT_FILE } from '../verses/quran-font.js';
import { startE2eStack, type E2eStack } from './e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForQuranFontLoaded, waitForWidgetReady } from './widget-page.js';

const CONTENT_TYPES: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json', '.bin': 'application/octet-stream', '.woff2': 'font/woff2', '.map': 'application/json' };

let stack: E2eStack;
let cdn: Server;
let host: Server;
let cdnOrigin = '';
let hostOrigin = '';
let proxyOrigin = '';
let staticRoot = '';

async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  staticRoot = await mkdtemp(join(tmpdir(), 'quran-dai-static-'));
  // The CDN: plain files under the exported tree, with the documented headers and nothing else.
  cdn = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://cdn').pathname)).replace(/^[/\\]+/, '');
    const file = resolve(staticRoot, path);
    if (!file.startsWith(staticRoot + sep)) return void res.writeHead(404).end();
    readFile(file).then(
      (bytes) => res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream', ...cdnHeadersFor(path) }).end(req.method === 'HEAD' ? undefined : bytes),
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
  stack = await startE2eStack({ env: { ALLOWED_ORIGINS: hostOrigin, DATA_PUBLIC_URL: cdnOrigin } });
  proxyOrigin = stack.baseUrl;
  const paths = stack.proxy.config.paths;
  const fontDir = resolveQuranFontDir();
  await exportStaticTree({
    widgetDir: resolve(REPO_ROOT, paths.widgetDir),
    corpusDir: resolve(REPO_ROOT, paths.corpusDir),
    index: stack.indexId ? { id: stack.indexId, dir: join(resolve(REPO_ROOT, paths.indexDir), stack.indexId) } : null,
    fontFile: fontDir ? join(fontDir, QURAN_FONT_FILE) : null,
    outDir: staticRoot,
  });
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await new Promise((r) => cdn?.close(r));
  await new Promise((r) => host?.close(r));
  if (staticRoot) await rm(staticRoot, { recursive: true, force: true });
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
    expect(fromCdn).toEqual(expect.arrayContaining([
      '/widget/quran-dai.js',
      '/data/corpus/manifest.json',
      `/data/index/${stack.indexId}/manifest.json`,
      `/fonts/${QURAN_FONT_FILE}`,
    ]));
    expect(fromCdn.some((p) => /^\/data\/corpus\/arabic\.[0-9a-f]{10}\.json$/.test(p))).toBe(true);
    expect(network.responses.filter((r) => r.url.startsWith(cdnOrigin) && r.status !== 200)).toStrictEqual([]);
    await page.close();
  });
});
