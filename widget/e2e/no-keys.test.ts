/**
 * Browser test of the keyless demo (`npm start` on a fresh machine): no LLM and no embedding
 * key, so no vector index and no chat. Keyword search, verses, same-surah context and
 * citations must still work, with a note that no LLM is configured.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_SITE_DOCS_DIR } from '../../scripts/site-build/demo-site.js';
import { useE2eStack } from '../testing/e2e/e2e-stack.js';
import { launchChromium } from '../testing/e2e/launch-chromium.js';
import { askQuestion, waitForQuranFontLoaded, waitForWidgetReady } from '../testing/e2e/widget-page.js';

const WIDGET = 'inline-widget';
const stack = useE2eStack({ withChat: false, withIndex: false });

describe('when the demo runs without any API key', () => {
  it('should search keywords, show verses with quran.com links and same-surah context, and say answers are off', async () => {
    const { page } = await stack().newPage();
    await page.goto(`${stack().baseUrl}/`);
    const ready = await waitForWidgetReady(page, WIDGET);
    expect(ready.chat).toBe(false);
    expect(ready.indexId).toBeNull();

    await askQuestion(page, WIDGET, 'seek help through patience and prayer');
    const card = page.locator(`#${WIDGET} article[part~="verse"][data-ref="2:153"]`);
    await card.waitFor();
    expect(await card.locator('[part~="verse-ref"]').getAttribute('href')).toBe('https://quran.com/2/153');
    expect(await card.locator('[part~="verse-translation"]').textContent()).toContain('seek help through patience and prayer');
    // The page is the proxy's own: answers are off because no LLM is configured, and it says so.
    const note = page.locator(`#${WIDGET} [part~="notice-chat-not-configured"]`);
    await note.waitFor();
    expect((await note.textContent())?.trim()).toBe(
      'Written answers are not set up yet: the answer service has no AI provider configured. Here are the verses that match your question.',
    );
    expect(await page.locator(`#${WIDGET} [part~="notice-chat-off"]`).count()).toBe(0);
    expect(stack().xai.calls).toHaveLength(0);

    await card.locator('[part~="context-toggle"]').click();
    const context = card.locator('[part~="context-verse"]');
    await context.first().waitFor();
    const refs = await context.locator('a').evaluateAll((as) => as.map((a) => a.textContent?.trim() ?? ''));
    expect(refs).toContain('2:148');
    expect(refs).toContain('2:158');
    expect(refs.every((r) => r.startsWith('2:'))).toBe(true);
    await page.close();
  });

  it('should render the Arabic with the Quranic font the proxy serves', async () => {
    const { page } = await stack().newPage();
    const fontRequests: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/fonts/')) fontRequests.push(new URL(r.url()).pathname);
    });
    await page.goto(`${stack().baseUrl}/`);
    await waitForWidgetReady(page, WIDGET);
    await askQuestion(page, WIDGET, 'seek help through patience and prayer');
    await page.locator(`#${WIDGET} article[part~="verse"][data-ref="2:153"]`).waitFor();
    expect(await waitForQuranFontLoaded(page)).toBe('loaded');
    expect(fontRequests).toEqual(['/fonts/scheherazade-new-arabic-400-normal.woff2']);
    await page.close();
  });

  it('should keep a question asked while the Quran text downloads on a slow link, and answer it once the text is ready', async () => {
    // A first visit: a fresh profile, so the text is downloaded rather than read from the cache earlier tests filled.
    const firstVisit = await launchChromium();
    try {
      const page = await firstVisit.context.newPage();
      const cdp = await page.context().newCDPSession(page);
      // About 400 kbps: a first visit takes tens of seconds, and a visitor types meanwhile.
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 150, downloadThroughput: 50_000, uploadThroughput: 50_000 });
      await page.goto(`${stack().baseUrl}/`);
      const widget = page.locator(`#${WIDGET}`);
      await widget.locator('[part~="progress-region"]').waitFor();
      await widget.locator('[part~="input"]').fill('seek help through patience and prayer');
      await widget.locator('[part~="input"]').press('Enter');
      const queued = widget.locator('[part~="notice-queued"]');
      await queued.waitFor();
      expect(await queued.textContent()).toBe('Your question will be searched as soon as the Quran text is ready.');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await widget.locator('article[part~="verse"][data-ref="2:153"]').waitFor({ timeout: 30_000 });
      expect(await queued.count()).toBe(0);
    } finally {
      await firstVisit.close();
    }
    // A slow link on purpose: the download alone takes a while on a busy 2-core machine.
  }, 90_000);
});

describe('when a visitor asks in another language than the page’s', () => {
  it('should load that language’s topic names beside the page’s and find the topic by them, on an English page', async () => {
    const { page } = await stack().newPage();
    const topicFiles: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/data/topics/topics-')) topicFiles.push(new URL(r.url()).pathname.replace(/\.[0-9a-f]+\.json$/, ''));
    });
    await page.goto(`${stack().baseUrl}/`);
    await waitForWidgetReady(page, WIDGET);
    const widget = page.locator(`#${WIDGET}`);
    // Turkish on an English page, in words only the topics' Turkish names hold ("alkol"): the
    // Turkish translation of 5:90 says "şarap".
    await askQuestion(page, WIDGET, 'alkol haram mı');
    const topic = widget.locator('[part="topic"]');
    await topic.waitFor({ timeout: 30_000 });
    expect((await topic.textContent())?.trim()).toBe('Topic: Intoxicants and alcohol');
    await expect
      .poll(() => widget.locator('article[part~="verse"]').evaluateAll((cards) => cards.slice(0, 3).map((c) => c.getAttribute('data-ref'))))
      .toContain('5:90');
    // Only the Turkish file joins (the English one may already be stored from an earlier visit).
    expect(topicFiles.filter((f) => f !== '/data/topics/topics-en')).toStrictEqual(['/data/topics/topics-tr']);
    await page.close();
  }, 60_000);
});

describe('when a newcomer opens the demo page', () => {
  it('should offer a language switch that turns both widgets to Urdu or Arabic, kept in the link', async () => {
    const { page } = await stack().newPage();
    await page.goto(`${stack().baseUrl}/?lang=ur`);
    await waitForWidgetReady(page, WIDGET);
    const widget = page.locator(`#${WIDGET}`);
    expect(await widget.getAttribute('lang')).toBe('ur');
    expect(await page.locator('#floating-widget').getAttribute('lang')).toBe('ur');
    expect((await widget.locator('[part~="submit"]').textContent())?.trim()).toBe('پوچھیں');
    await askQuestion(page, WIDGET, 'صبر اور نماز سے مدد');
    // The translation follows the interface language (the demo leaves `translation` unset).
    const translation = await widget.locator('[part~="verse-translation"]').first().textContent();
    expect(translation).toMatch(/[\u0600-\u06FF]/);

    await page.locator('#demo-lang').selectOption('ar');
    await expect.poll(async () => (await widget.locator('[part~="submit"]').textContent())?.trim()).toBe('اسأل');
    expect(new URL(page.url()).searchParams.get('lang')).toBe('ar');
    await page.close();
  });

  it("should say what each key switches on, and give the khutbah time the mosque's documents give", async () => {
    const { page } = await stack().newPage();
    await page.goto(`${stack().baseUrl}/`);
    const note = (await page.locator('#demo-note').textContent())!.replace(/\s+/g, ' ');
    expect(note).toContain('search by meaning runs on the local multilingual model');
    expect(note).toContain('npm run model:e5');
    expect(note).not.toMatch(/semantic search[^.]*GEMINI_API_KEY/i);
    const opening = await readFile(join(DEMO_SITE_DOCS_DIR, 'opening-times.md'), 'utf8');
    const khutbah = /khutbah starts at (\d+):(\d\d) pm/.exec(opening)!;
    const asShown = `${Number(khutbah[1]) + 12}:${khutbah[2]}`;
    expect(await page.locator('#prayer-times').textContent()).toContain(`khutbah ${asShown}`);
    await page.close();
  });
});

describe('when a visitor browses the topics with the keyboard, in Urdu', () => {
  it('should open the list, filter it and open a topic without a mouse, right to left', async () => {
    const { page } = await stack().newPage();
    await page.goto(`${stack().baseUrl}/?lang=ur`);
    await waitForWidgetReady(page, WIDGET);
    const widget = page.locator(`#${WIDGET}`);
    const summary = widget.locator('[part~="topics-summary"]');
    await summary.waitFor();
    expect((await summary.textContent())?.trim()).toBe('موضوعات');
    await summary.focus();
    await page.keyboard.press('Enter');
    expect(await widget.locator('details[part~="topics"]').evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    expect(await widget.locator('[part~="topics"]').evaluate((d) => getComputedStyle(d).direction)).toBe('rtl');
    await page.keyboard.press('Tab');
    await page.keyboard.type('شراب');
    await expect.poll(() => widget.locator('[part~="topic-link"]').count()).toBeLessThan(5);
    await page.keyboard.press('Tab');
    const focused = await widget.evaluate((host) => (host.shadowRoot!.activeElement as HTMLElement | null)?.dataset.topic);
    expect(focused).toBe('intoxicants');
    await page.keyboard.press('Enter');
    await widget.locator('article[part~="verse"][data-ref="5:90"]').waitFor();
    expect((await widget.locator('[part="topic"]').textContent())?.trim()).toBe('موضوع: شراب اور نشہ');
    // Focus moves to the verses' heading, for screen readers.
    expect(await widget.evaluate((host) => host.shadowRoot!.activeElement?.id)).toBe('verses-heading');
    await page.close();
  });
});
