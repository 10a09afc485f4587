/**
 * Browser tests of the widget in the visitor's language: a page in Urdu, Arabic, Indonesian
 * or Chinese (`<html lang>`, no `lang` on the widget) gets the whole widget in that
 * language and direction, with no horizontal scrolling at 360 px and 1280 px, and Urdu
 * drawn with the served face. Screenshots go to `test-results/` as artefacts.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../scripts/widget-build/build-widget-bundle.js';
import { useE2eStack } from '../testing/e2e/e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForWidgetReady } from '../testing/e2e/widget-page.js';

const ARTEFACT_DIR = join(REPO_ROOT, 'test-results');
const WIDGET = 'lang-widget';
const stack = useE2eStack();

interface PageLanguage {
  readonly lang: 'ur' | 'ar' | 'id' | 'zh';
  readonly dir: 'ltr' | 'rtl';
  readonly question: string;
  /** The fake model's answer, in the visitor's language. */
  readonly answer: string;
  /** The submit button's label and the finished answer's announcement in that language. */
  readonly submit: string;
  readonly done: string;
}

const LANGUAGES: readonly PageLanguage[] = [
  {
    lang: 'ur',
    dir: 'rtl',
    question: 'صبر اور نماز سے مدد',
    answer: 'اللہ صبر کرنے والوں کے ساتھ ہے [2:153]۔ ہر مشکل کے ساتھ آسانی ہے [94:5]۔',
    submit: 'پوچھیں',
    done: 'جواب مکمل ہو گیا۔',
  },
  {
    lang: 'ar',
    dir: 'rtl',
    question: 'الصبر والصلاة',
    answer: 'إن الله مع الصابرين [2:153]. وإن مع العسر يسرًا [94:5].',
    submit: 'اسأل',
    done: 'اكتملت الإجابة.',
  },
  {
    lang: 'id',
    dir: 'ltr',
    question: 'sabar dan salat',
    answer: 'Allah beserta orang-orang yang sabar [2:153]. Sesudah kesulitan ada kemudahan [94:5].',
    submit: 'Tanya',
    done: 'Jawaban selesai.',
  },
  { lang: 'zh', dir: 'ltr', question: '忍耐和拜功', answer: '安拉确是与坚忍者同在的 [2:153]。困难之后确有容易 [94:5]。', submit: '提问', done: '回答完成。' },
];

beforeAll(async () => {
  await mkdir(ARTEFACT_DIR, { recursive: true });
});

/** A host page in one language, served from the proxy's origin (so the widget may call its API). */
async function openPage(l: PageLanguage, width: number): Promise<Page> {
  const { page } = await stack().newPage();
  await page.setViewportSize({ width, height: 800 });
  const url = `${stack().baseUrl}/lang-test-${l.lang}.html`;
  await page.route(url, (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: `<!doctype html><html lang="${l.lang}" dir="${l.dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <script type="module" src="/widget/quran-dai.js"></script></head>
        <body style="margin:0"><main style="max-width:48rem;margin:0 auto;padding:0 0.5rem"><quran-dai id="${WIDGET}" proxy="/"></quran-dai></main></body></html>`,
    }),
  );
  await page.goto(url);
  await waitForWidgetReady(page, WIDGET);
  return page;
}

interface RenderedFont {
  readonly familyName: string;
  readonly isCustomFont: boolean;
  readonly glyphCount: number;
}

/** The fonts Chromium actually drew a node's text with, and how many glyphs each (DevTools protocol). */
async function renderedFonts(page: Page, selector: string): Promise<RenderedFont[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('DOM.enable');
  await cdp.send('CSS.enable');
  await cdp.send('DOM.getDocument', { depth: -1, pierce: true });
  const { result } = await cdp.send('Runtime.evaluate', { expression: `document.getElementById('${WIDGET}').shadowRoot.querySelector('${selector}')` });
  const { nodeId } = await cdp.send('DOM.requestNode', { objectId: result.objectId! });
  const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
  await cdp.detach();
  return fonts.map(({ familyName, isCustomFont, glyphCount }) => ({ familyName, isCustomFont, glyphCount }));
}

describe.each(LANGUAGES)('when the page is in $lang', (l) => {
  for (const width of [360, 1280]) {
    it(`should show the whole widget in ${l.lang}, ${l.dir}, without horizontal scrolling at ${width} px`, { timeout: 90_000 }, async () => {
      stack().xai.respondWith(l.answer);
      const page = await openPage(l, width);
      const widget = page.locator(`#${WIDGET}`);
      expect((await widget.locator('[part~="submit"]').textContent())?.trim()).toBe(l.submit);
      await askQuestion(page, WIDGET, l.question);
      // The first question in a language downloads its translation and builds its index: on a
      // busy two-core machine that can take longer than the default wait.
      await waitForAnswerDone(page, WIDGET, 60_000);
      await widget.locator('[part~="context-toggle"]').first().click();
      await widget.locator('[part~="verse-context"]').first().waitFor();
      await page.screenshot({ path: join(ARTEFACT_DIR, `languages-${l.lang}-${width}.png`), fullPage: true });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: join(ARTEFACT_DIR, `languages-${l.lang}-${width}-top.png`) });

      const base = widget.locator('[part~="base"]');
      expect(await base.evaluate((el) => [el.getAttribute('lang'), el.getAttribute('dir'), getComputedStyle(el).direction])).toStrictEqual([
        l.lang,
        l.dir,
        l.dir,
      ]);
      expect((await widget.locator('[part~="status"]').textContent())?.trim()).toBe(l.done);
      const page_ = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(page_.scroll).toBeLessThanOrEqual(page_.client);
      const inner = await base.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
      expect(inner.scroll).toBeLessThanOrEqual(inner.client);
      // A closed context arrow points along the line: mirrored right to left.
      const arrow = await widget
        .locator('[part~="context-toggle-icon"]')
        .nth(1)
        .evaluate((el) => getComputedStyle(el).transform);
      expect(arrow).toBe(l.dir === 'rtl' ? 'matrix(-1, 0, 0, 1, 0, 0)' : 'none');
      await page.close();
    });
  }
});

describe('when the page is in Urdu on a system without an Urdu font', () => {
  it('should draw the Urdu interface and translation with the face the proxy serves', async () => {
    stack().xai.respondWith(LANGUAGES[0]!.answer);
    const page = await openPage(LANGUAGES[0]!, 1280);
    await askQuestion(page, WIDGET, LANGUAGES[0]!.question);
    await waitForAnswerDone(page, WIDGET);
    expect((await renderedFonts(page, '[part~="submit"]')).map((f) => [f.familyName, f.isCustomFont])).toStrictEqual([['Scheherazade New', true]]);
    // In the translation every letter is drawn by the served face; only the spaces (outside its
    // unicode-range) come from the system font.
    const selector = 'article[data-ref="2:153"] [part~="verse-translation"]';
    const fonts = await renderedFonts(page, selector);
    const translation = (await page.locator(`#${WIDGET} ${selector}`).textContent())!.trim();
    expect(fonts.filter((f) => f.isCustomFont).map((f) => f.familyName)).toStrictEqual(['Scheherazade New']);
    expect(fonts.filter((f) => !f.isCustomFont).reduce((n, f) => n + f.glyphCount, 0)).toBe(translation.match(/\s+/g)?.length ?? 0);
    await page.close();
  });
});

/** True when `text` (inside the widget) is drawn left to right: its first character left of its last. */
function drawnLeftToRight(page: Page, selector: string, text: string): Promise<boolean> {
  return page
    .locator(`#${WIDGET} ${selector}`)
    .first()
    .evaluate((el, wanted) => {
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const at = node.data.indexOf(wanted);
        if (at < 0) continue;
        const box = (i: number) => {
          const r = document.createRange();
          r.setStart(node!, i);
          r.setEnd(node!, i + 1);
          return r.getBoundingClientRect();
        };
        return box(at).left < box(at + wanted.length - 1).left;
      }
      throw new Error(`"${wanted}" is not in ${selector}`);
    }, text);
}

describe('when a right-to-left page shows a verse range', () => {
  for (const l of LANGUAGES.filter((x) => x.dir === 'rtl')) {
    it(`should draw it surah first in ${l.lang}, as it is written (2:153-157, not 157-2:153)`, async () => {
      stack().xai.respondWith(`${l.answer} [2:153-157]`);
      const page = await openPage(l, 1280);
      await askQuestion(page, WIDGET, l.question);
      await waitForAnswerDone(page, WIDGET, 60_000);
      expect(await drawnLeftToRight(page, '[part~="answer-body"] [data-ref="2:153-157"]', '2:153-157')).toBe(true);
      const passage = page.locator(`#${WIDGET} [part~="verse-passage"]`).first();
      const range = (/\d+:\d+-\d+/.exec((await passage.textContent()) ?? '') ?? [''])[0];
      expect(range).not.toBe('');
      expect(await drawnLeftToRight(page, '[part~="verse-passage"]', range)).toBe(true);
      await page.close();
    });
  }
});
