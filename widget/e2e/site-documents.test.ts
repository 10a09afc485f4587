/**
 * Browser test of the mosque's own documents, as `npm start` serves the demo: the sample
 * folder (demo/site-docs) built with the embedder of the served index, the real proxy, the
 * demo page and a fake xAI that answers from whatever the prompt gives it. "When is Jumu'ah?"
 * is answered from the mosque's passage, shown under "From this mosque" and cited [site:N];
 * "What does the Quran say about patience?" is answered from verses, with no site section.
 * The site section's styles join the widget's own: an Urdu page keeps its font and mirrored arrows.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { runSiteBuild } from '../../scripts/site-build/site-build-run.js';
import { loadSiteFromDir } from '../../data/site/site-loader-node.js';
import { DEMO_SITE_DOCS_DIR } from '../../scripts/site-build/demo-site.js';
import type { FakeXaiCall } from '../../proxy/testing/fake-xai.js';
import { fontFamilyValue, fontStackOf } from '../i18n/script-fonts.js';
import { E2E_INDEX_DIMS, startE2eStack, type E2eStack } from '../testing/e2e/e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForWidgetReady } from '../testing/e2e/widget-page.js';

const WIDGET = 'inline-widget';
const SITE_BASE = 'https://mosque.example.org/info';
let stack: E2eStack;
let siteDir: string;
let jumuahId: number;
/** Another site pasting the two-line snippet: it must never see the demo mosque's documents. */
let foreignHost: Server;
let foreignOrigin: string;

/** Answers like a model that follows the prompt: from the Jumu'ah site passage when it was given, else from 2:153. */
function answerFromPrompt(call: FakeXaiCall): string {
  const system: string = call.requestBodyJson.messages[0].content;
  const site = /\[site:(\d+)\] Opening times › Jumu'ah/.exec(system);
  if (site) return `Jumu'ah prayer is at 1:30 pm, with the khutbah at 1:00 pm [site:${site[1]}].`;
  return 'Allah asks the believers to seek help through patience and prayer [2:153].';
}

beforeAll(async () => {
  siteDir = await mkdtemp(join(tmpdir(), 'quran-dai-site-'));
  // The e2e stack's index: test-hashing vectors of this dimension (its id is the embedder's).
  const index = { id: `test-hashing-${E2E_INDEX_DIMS}`, embedder: 'test-hashing', model: 'test-hashing-v1', dims: E2E_INDEX_DIMS } as VectorIndexManifest;
  const built = await runSiteBuild({ source: DEMO_SITE_DOCS_DIR, outDir: siteDir, index, env: {} });
  expect(built.embedded).toBe(built.built.manifest.chunkCount);
  jumuahId = (await loadSiteFromDir(siteDir))!.chunks.find((c) => c.anchor === 'jumuah-friday-prayer')!.id;
  // As `npm start` serves the demo: its documents are marked the demo's (SITE_DEMO_ONLY), and
  // ALLOWED_ORIGINS is unset, so any page may embed the widget.
  stack = await startE2eStack({ answer: answerFromPrompt, env: { SITE_DIR: siteDir, SITE_BASE_URL: SITE_BASE, SITE_DEMO_ONLY: 'true' } });
  expect(stack.indexId).toBe(index.id);
  foreignHost = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<script type="module" src="${stack.baseUrl}/widget/quran-dai.js"></script></head>
<body><h1>Another mosque</h1><quran-dai id="${WIDGET}" proxy="${stack.baseUrl}"></quran-dai></body></html>`),
  );
  await new Promise<void>((resolve) => foreignHost.listen(0, '127.0.0.1', resolve));
  foreignOrigin = `http://127.0.0.1:${(foreignHost.address() as AddressInfo).port}`;
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => foreignHost?.close(resolve));
  await rm(siteDir, { recursive: true, force: true });
});

describe('when the demo mosque has its own documents', () => {
  it('should answer "When is Jumu\'ah?" from the mosque\'s passage, shown apart from the verses and cited [site:N]', async () => {
    const { page } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/`);
    await waitForWidgetReady(page, WIDGET);
    await askQuestion(page, WIDGET, "When is Jumu'ah?");
    await waitForAnswerDone(page, WIDGET);

    const section = page.locator(`#${WIDGET} [part="site"]`);
    await section.waitFor();
    expect(await section.locator('[part="site-heading"]').textContent()).toBe('From this mosque');
    const card = section.locator(`[part="site-card"][data-site="${jumuahId}"]`);
    const link = card.locator('[part="site-link"]');
    expect(await link.textContent()).toBe("Opening times › Jumu'ah (Friday prayer)");
    expect(await link.getAttribute('href')).toBe(`${SITE_BASE}/opening-times#jumuah-friday-prayer`);
    expect(await card.locator('[part="site-card-text"]').textContent()).toContain('the prayer is at 1:30 pm');
    // Never mixed: the site card is not inside the verses, and the section comes after them.
    expect(await page.locator(`#${WIDGET} [part="verses"] [part="site-card"]`).count()).toBe(0);
    const order = await page.locator(`#${WIDGET}`).evaluate((host) => {
      const root = host.shadowRoot!;
      const verses = root.querySelector('[part="verses"]');
      const site = root.querySelector('[part="site"]')!;
      return verses ? Boolean(verses.compareDocumentPosition(site) & Node.DOCUMENT_POSITION_FOLLOWING) : true;
    });
    expect(order).toBe(true);

    const cited = page.locator(`#${WIDGET} [part~="answer-body"] [data-site="${jumuahId}"]`);
    expect(await cited.getAttribute('data-status')).toBe('verified');
    expect(await cited.textContent()).toBe(`[site:${jumuahId}]`);

    const call = stack.xai.calls.at(-1)!;
    const system: string = call.requestBodyJson.messages[0].content;
    expect(system).toContain(`[site:${jumuahId}] Opening times › Jumu'ah (Friday prayer)\nJumu'ah is every Friday.`);
    await page.close();
  });

  it('should still answer "What does the Quran say about patience?" from verses, with no site passages', async () => {
    const { page } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/`);
    await waitForWidgetReady(page, WIDGET);
    await askQuestion(page, WIDGET, 'What does the Quran say about patience?');
    await waitForAnswerDone(page, WIDGET);

    await page.locator(`#${WIDGET} article[part~="verse"][data-ref="2:153"]`).waitFor();
    expect(await page.locator(`#${WIDGET} [part="site"]`).count()).toBe(0);
    const cited = page.locator(`#${WIDGET} [part~="answer-body"] [data-ref="2:153"]`);
    expect(await cited.getAttribute('data-status')).toBe('verified');
    const system: string = stack.xai.calls.at(-1)!.requestBodyJson.messages[0].content;
    expect(system).toContain('(No site passages were retrieved for this question.)');
    await page.close();
  });
});

describe('when another site embeds the demo proxy (ALLOWED_ORIGINS unset)', () => {
  it('should search "When is Jumu\'ah?" with no demo mosque documents', async () => {
    const { page, network } = await stack.newPage();
    await page.goto(`${foreignOrigin}/`);
    // Written answers stay with the proxy's own page until ALLOWED_ORIGINS names this site.
    const ready = await waitForWidgetReady(page, WIDGET);
    expect(ready.chat).toBe(false);
    const chatCalls = stack.xai.calls.length;
    await askQuestion(page, WIDGET, "When is Jumu'ah?");
    await page.locator(`#${WIDGET} article[part~="verse"]`).first().waitFor();

    expect(await page.locator(`#${WIDGET} [part="site"]`).count()).toBe(0);
    expect(await page.locator(`#${WIDGET} [part="site-card"]`).count()).toBe(0);
    expect(await page.locator(`#${WIDGET}`).evaluate((el) => el.shadowRoot!.textContent)).not.toContain('1:30 pm');
    expect(stack.xai.calls.length).toBe(chatCalls);
    // The proxy has an LLM; it is this page that is not allowed, and the note says so.
    expect((await page.locator(`#${WIDGET} [part~="notice-chat-off"]`).textContent())?.trim()).toBe(
      'Written answers are not switched on for this site; here are the verses that match your question.',
    );
    // The page never even fetched the site documents.
    await network.settle();
    expect(network.responses.filter((r) => new URL(r.url).pathname.startsWith('/data/site')).map((r) => r.url)).toEqual([]);
    const config = await page.evaluate(async (base) => (await fetch(`${base}/api/config`)).json(), stack.baseUrl);
    expect(config.site ?? null).toBeNull();
    await page.close();
  });
});

describe('when the site documents load on an Urdu page', () => {
  it("should keep the widget's Urdu font and its right-to-left arrows", async () => {
    const { page } = await stack.newPage();
    const url = `${stack.baseUrl}/site-ur.html`;
    await page.route(url, (route) =>
      route.fulfill({
        contentType: 'text/html; charset=utf-8',
        body: `<!doctype html><html lang="ur" dir="rtl"><head><meta charset="utf-8"><script type="module" src="/widget/quran-dai.js"></script></head>
          <body><quran-dai id="${WIDGET}" proxy="/"></quran-dai></body></html>`,
      }),
    );
    await page.goto(url);
    await waitForWidgetReady(page, WIDGET);
    await askQuestion(page, WIDGET, 'صبر اور نماز سے مدد');
    await waitForAnswerDone(page, WIDGET, 60_000);
    // Wait for the site section's styles: they arrive with the site documents, after the widget's own.
    await page.waitForFunction(
      (id) => document.getElementById(id)!.shadowRoot!.adoptedStyleSheets.some((sheet) => [...sheet.cssRules].some((r) => r.cssText.startsWith('.site '))),
      WIDGET,
    );

    const widget = page.locator(`#${WIDGET}`);
    const urduStack = fontFamilyValue(fontStackOf('ur').families).replaceAll("'", '"');
    expect(await widget.locator('[part~="submit"]').evaluate((el) => getComputedStyle(el).fontFamily)).toBe(urduStack);
    expect(
      await widget
        .locator('[part~="verse-translation"]')
        .first()
        .evaluate((el) => getComputedStyle(el).fontFamily),
    ).toBe(urduStack);
    const arrow = await widget
      .locator('[part~="context-toggle-icon"]')
      .first()
      .evaluate((el) => getComputedStyle(el).transform);
    expect(arrow).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    await page.close();
  });
});
