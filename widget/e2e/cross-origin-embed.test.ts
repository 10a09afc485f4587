/**
 * Browser test of the real embed: a mosque site on its own origin pastes the script tag and
 * `<quran-dai proxy="https://proxy...">`. The widget, its data and the API come from the
 * proxy's origin (CORS allowlist), and the host page's CSS does not leak into the widget.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eStack, type E2eStack } from '../testing/e2e/e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForWidgetReady } from '../testing/e2e/widget-page.js';

let stack: E2eStack;
let host: Server;
let hostOrigin: string;
let proxyOrigin = '';

beforeAll(async () => {
  host = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<style>* { font-family: "Comic Sans MS", cursive !important; color: rgb(255, 0, 0) !important; } p { letter-spacing: 9px; }</style>
<script type="module" src="${proxyOrigin}/widget/quran-dai.js"></script></head>
<body><h1>Masjid Al-Huda</h1><quran-dai id="embedded" proxy="${proxyOrigin}"></quran-dai></body></html>`),
  );
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
  stack = await startE2eStack({ env: { ALLOWED_ORIGINS: hostOrigin } });
  proxyOrigin = stack.baseUrl;
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => host?.close(resolve));
});

describe('when a site on another origin embeds the widget from the proxy', () => {
  it('should load, search and stream an answer across origins, with the host CSS kept out', async () => {
    stack.xai.respondWith('Allah is with the patient [2:153].');
    const chatCalls = stack.xai.calls.length;
    const { page, network } = await stack.newPage();
    await page.goto(`${hostOrigin}/`);
    const ready = await waitForWidgetReady(page, 'embedded');
    expect(ready.chat).toBe(true);
    expect(ready.indexId).toBe(stack.indexId);

    await askQuestion(page, 'embedded', 'seek help through patience and prayer');
    await waitForAnswerDone(page, 'embedded');
    const citation = page.locator('#embedded [part~="answer-body"] a[part~="citation"]').first();
    expect(await citation.getAttribute('href')).toBe('https://quran.com/2/153');
    await network.settle();
    const apiCalls = network.responses.filter((r) => r.url.startsWith(`${proxyOrigin}/api/`)).map((r) => `${new URL(r.url).pathname} ${r.status}`);
    expect(apiCalls).toEqual(expect.arrayContaining(['/api/config 200', '/api/embed 200']));
    // The streamed /api/chat went through the proxy to the fake xAI and came back (the citation above).
    expect(stack.xai.calls.length).toBe(chatCalls + 1);

    // The host's `* { color: red !important }` does not reach into the shadow root.
    const translationColor = await page
      .locator('#embedded [part~="verse-translation"]')
      .first()
      .evaluate((el) => getComputedStyle(el).color);
    expect(translationColor).not.toBe('rgb(255, 0, 0)');
    await page.close();
  });
});
