/**
 * Browser test of the mosque's own documents, as `npm start` serves the demo: the sample
 * folder (demo/site-docs) built with the embedder of the served index, the real proxy, the
 * demo page and a fake xAI that answers from whatever the prompt gives it. "When is Jumu'ah?"
 * is answered from the mosque's passage, shown under "From this mosque" and cited [site:N];
 * "What does the Quran say about patience?" is answered from verses, with no site section.
 * The site section's styles join the widget's own: an Urdu page keeps its font and mirrored arrows.
 */
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
import { E2E_INDEX_DIMS, startE2eStack, type E2eStack } from './e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForWidgetReady } from './widget-page.js';

const WIDGET = 'inline-widget';
const SITE_BASE = 'https://mosque.example.org/info';
let stack: E2eStack;
let siteDir: string;
let jumuahId: number;

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
  stack = await startE2eStack({ answer: answerFromPrompt, env: { SITE_DIR: siteDir, SITE_BASE_URL: SITE_BASE } });
  expect(stack.indexId).toBe(index.id);
}, 180_000);

afterAll(async () => {
  await stack?.close();
  await rm(siteDir, { recursive: true, force: true });
});

describe('when the demo mosque has its own documents', () => {
  it("should answer \"When is Jumu'ah?\" from the mosque's passage, shown apart from the verses and cited [site:N]", async () => {
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
    expect(await widget.locator('[part~="verse-translation"]').first().evaluate((el) => getComputedStyle(el).fontFamily)).toBe(urduStack);
    const arrow = await widget.locator('[part~="context-toggle-icon"]').first().evaluate((el) => getComputedStyle(el).transform);
    expect(arrow).toBe('matrix(-1, 0, 0, 1, 0, 0)');
    await page.close();
  });
});
