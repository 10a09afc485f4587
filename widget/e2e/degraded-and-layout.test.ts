/**
 * Browser tests of the widget when things go wrong or look different: failing upstreams
 * and an unreachable proxy API still show verses; `lang="ar"` lays out right-to-left;
 * screenshots at 360 px and 1280 px are saved to `test-results/` as artefacts.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/widget-build/build-widget-bundle.js';
import { useE2eStack } from '../testing/e2e/e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForWidgetReady } from '../testing/e2e/widget-page.js';

const WIDGET = 'inline-widget';
const ARTEFACT_DIR = join(REPO_ROOT, 'test-results');
const stack = useE2eStack();

beforeAll(async () => {
  await mkdir(ARTEFACT_DIR, { recursive: true });
});

async function openReadyDemo(viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await stack().newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.goto(`${stack().baseUrl}/`);
  await waitForWidgetReady(page, WIDGET);
  return page;
}

const verseRefs = (page: Page, id = WIDGET) => page.locator(`#${id} article[part~="verse"]`).evaluateAll((els) => els.map((e) => e.getAttribute('data-ref')));

describe('when a visitor opens the floating panel on a phone', () => {
  it('should open a sheet over most of the screen, the question field in view, the launcher and the page behind it still', async () => {
    const { page } = await stack().newPage();
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stack().baseUrl}/`);
    await page.evaluate(() => window.scrollTo(0, 300));
    await page.locator('#floating-widget [part~="launcher"]').click();
    const panel = page.locator('#floating-widget [part~="panel"]');
    await panel.waitFor();
    await page.locator('#floating-widget [part~="submit"]:not([disabled])').waitFor();
    const box = (await panel.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(844 * 0.85);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.locator('#floating-widget [part~="launcher"]').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden');
    // Asked, and scrolled to the foot of its own results: the question field is still in view.
    await askQuestion(page, 'floating-widget', 'seek help through patience and prayer');
    await page.locator('#floating-widget [part~="verse"]').first().waitFor();
    await panel.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    const input = (await page.locator('#floating-widget [part~="input"]').boundingBox())!;
    expect(input.y).toBeGreaterThanOrEqual(box.y);
    expect(input.y + input.height).toBeLessThanOrEqual(box.y + box.height);
    // The Topics filter stays inside the sheet.
    await page.locator('#floating-widget [part~="topics-summary"]').click();
    const filter = (await page.locator('#floating-widget [part~="topics-filter"]').boundingBox())!;
    expect(filter.x + filter.width).toBeLessThanOrEqual(box.x + box.width);
    // Closed, the page scrolls again as before.
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('');
    await page.close();
  });
});

describe('when the LLM and the embedding upstreams fail', () => {
  it('should still show the verses with a short explanation', async () => {
    stack().xai.respondWith({ status: 503, errorMessage: 'upstream overloaded' });
    stack().gemini.failNext(5, 500);
    const page = await openReadyDemo();
    await askQuestion(page, WIDGET, 'seek help through patience and prayer');
    await page.locator(`#${WIDGET} [part~="notice"]`).first().waitFor({ timeout: 20_000 });

    expect(await verseRefs(page)).toContain('2:153');
    expect(((await page.locator(`#${WIDGET} [part~="notice"]`).first().textContent()) ?? '').trim().length).toBeGreaterThan(0);
    await page.close();
  });
});

describe('when the proxy API cannot be reached at all', () => {
  it('should still search the cached data and show verses', async () => {
    const page = await openReadyDemo();
    await page.route('**/api/**', (route) => route.abort('connectionrefused'));
    await askQuestion(page, WIDGET, 'seek help through patience and prayer');
    await page.locator(`#${WIDGET} article[part~="verse"]`).first().waitFor({ timeout: 20_000 });

    expect(await verseRefs(page)).toContain('2:153');
    await page.locator(`#${WIDGET} [part~="notice"]`).first().waitFor({ timeout: 20_000 });
    await page.close();
  });
});

describe('when the widget is set to lang="ar"', () => {
  it('should lay out right-to-left', async () => {
    const page = await openReadyDemo();
    await page.evaluate(() => {
      const el = document.createElement('quran-dai');
      el.id = 'arabic-widget';
      el.setAttribute('proxy', '/');
      el.setAttribute('lang', 'ar');
      document.getElementById('ask')!.append(el);
    });
    await waitForWidgetReady(page, 'arabic-widget');
    const direction = await page.locator('#arabic-widget [part~="base"]').evaluate((el) => getComputedStyle(el).direction);
    const inputDirection = await page.locator('#arabic-widget [part~="input"]').evaluate((el) => getComputedStyle(el).direction);
    expect(direction).toBe('rtl');
    expect(inputDirection).toBe('rtl');
    // The English widget next to it stays left-to-right.
    expect(await page.locator(`#${WIDGET} [part~="base"]`).evaluate((el) => getComputedStyle(el).direction)).toBe('ltr');
    await page.locator('#arabic-widget').screenshot({ path: join(ARTEFACT_DIR, 'widget-ar-1280.png') });
    await page.close();
  });
});

describe("when the site's theme shrinks the root font size", () => {
  it("should keep the widget's text at the visitor's default size", async () => {
    const page = await openReadyDemo();
    const size = (part: string) =>
      page
        .locator(`#${WIDGET} [part~="${part}"]`)
        .first()
        .evaluate((el) => getComputedStyle(el).fontSize);
    const before = [await size('input'), await size('submit')];
    // WordPress themes often do this to size everything in tenths of a rem.
    await page.addStyleTag({ content: 'html { font-size: 62.5%; }' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe('10px');
    expect([await size('input'), await size('submit')]).toStrictEqual(before);
    expect(before).toStrictEqual(['16px', '16px']);
    await page.close();
  });
});

describe('when the page is viewed on a phone and on a desktop', () => {
  for (const width of [360, 1280]) {
    it(`should fit ${width} px without horizontal scrolling and save a screenshot`, async () => {
      stack().xai.respondWith('Allah is with the patient [2:153]. Hardship is followed by ease [94:5].');
      const page = await openReadyDemo({ width, height: 800 });
      await askQuestion(page, WIDGET, 'seek help through patience and prayer');
      await waitForAnswerDone(page, WIDGET);
      await page.screenshot({ path: join(ARTEFACT_DIR, `demo-${width}.png`), fullPage: true });
      await page.locator(`#${WIDGET}`).screenshot({ path: join(ARTEFACT_DIR, `widget-inline-${width}.png`) });

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const box = await page.locator(`#${WIDGET}`).boundingBox();
      expect(box!.width).toBeLessThanOrEqual(width);
      // Button labels stay on one line ("Cop/y" broke at 360 px); starter questions and topic names may wrap.
      const wrappedLabels = await page.locator(`#${WIDGET}`).evaluate((host) =>
        [...host.shadowRoot!.querySelectorAll('button:not([part~="starter"]):not([part~="topic-link"])')]
          .filter((b) => (b as HTMLElement).offsetParent !== null)
          .filter((b) => {
            // The label's text only: an icon beside it sits on its own box top.
            const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
            const tops = new Set<number>();
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
              const range = document.createRange();
              range.selectNodeContents(node);
              for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
            }
            return tops.size > 1;
          })
          .map((b) => (b.textContent ?? '').trim()),
      );
      expect(wrappedLabels).toStrictEqual([]);

      // The launcher steps aside over the inline widget, and from the page's very last line: open it near the foot of the page.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight - window.innerHeight - 150));
      await page.locator('#floating-widget [part~="launcher"]').click();
      await page.locator('#floating-widget [part~="panel"]').waitFor();
      await page.screenshot({ path: join(ARTEFACT_DIR, `demo-floating-open-${width}.png`) });
      const panel = await page.locator('#floating-widget [part~="panel"]').boundingBox();
      expect(panel!.x).toBeGreaterThanOrEqual(0);
      expect(panel!.x + panel!.width).toBeLessThanOrEqual(width);
      await page.close();
    });
  }
});

describe('when the page has both the inline widget and the floating launcher', () => {
  for (const { width, height, lang } of [
    { width: 390, height: 844, lang: 'en' },
    { width: 1280, height: 900, lang: 'ar' },
  ]) {
    it(`should keep the launcher off the inline widget's verse text and buttons at ${width} px (${lang})`, async () => {
      const { page } = await stack().newPage();
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height });
      await page.goto(`${stack().baseUrl}/?lang=${lang}`);
      await waitForWidgetReady(page, WIDGET);
      await askQuestion(page, WIDGET, 'seek help through patience and prayer');
      await waitForAnswerDone(page, WIDGET);
      await page.locator(`#${WIDGET} [part~="feedback-up"]`).waitFor();
      // Each verse text and button, scrolled to the height where the launcher sits: a tap on it
      // (at its start, middle, end, and right under the launcher) must reach the inline widget.
      const covered = await page.evaluate(async (id) => {
        const host = document.getElementById(id)!;
        const root = host.shadowRoot!;
        const launcher = document.getElementById('floating-widget')!.shadowRoot!.querySelector('[part~="launcher"]')!.getBoundingClientRect();
        const targets = [
          ...[...root.querySelectorAll('article[part~="verse"]')]
            .slice(0, 3)
            .flatMap((card) => [...card.querySelectorAll('[part~="verse-translation"], [part~="verse-arabic"], button')]),
          ...root.querySelectorAll('[part~="answer"] button'),
        ];
        const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
        const launcherY = (launcher.top + launcher.bottom) / 2;
        const out: string[] = [];
        for (const el of targets) {
          const before = el.getBoundingClientRect();
          window.scrollBy(0, (before.top + before.bottom) / 2 - launcherY);
          await frame();
          await frame();
          const r = el.getBoundingClientRect();
          const y = Math.min(r.bottom - 2, Math.max(r.top + 2, launcherY));
          const xs = [r.left + 2, (r.left + r.right) / 2, r.right - 2, (launcher.left + launcher.right) / 2].filter((x) => x > r.left && x < r.right);
          for (const x of xs) {
            const top = document.elementFromPoint(x, y);
            if (top !== host) out.push(`${el.getAttribute('part') ?? el.tagName} at ${Math.round(x)},${Math.round(y)}: ${top?.id || top?.tagName}`);
          }
        }
        return { out, count: targets.length };
      }, WIDGET);
      expect(covered.count).toBeGreaterThan(6);
      expect(covered.out).toEqual([]);
      // At the very end of the page it steps aside from the footer's last line, which no scrolling
      // could bring out from under it; a little above, away from the inline widget, it is back.
      const launcher = page.locator('#floating-widget [part~="launcher"]');
      const footerLink = page.locator('.site-footer a').last();
      // Scrolled to the end again on each try: a part of the page that finishes loading late can make it longer.
      await expect
        .poll(async () => {
          await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
          const hidden = await launcher.evaluate((el) => getComputedStyle(el).visibility === 'hidden');
          const readable = await footerLink.evaluate((a) => {
            const r = a.getBoundingClientRect();
            return document.elementFromPoint(r.left + 2, (r.top + r.bottom) / 2) === a;
          });
          return { hidden, readable };
        })
        .toEqual({ hidden: true, readable: true });
      await page.evaluate(() => window.scrollBy(0, -150));
      await expect.poll(() => launcher.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
      await launcher.click();
      expect(await page.locator('#floating-widget [part~="panel"]').isVisible()).toBe(true);
      await page.close();
    });
  }
});
