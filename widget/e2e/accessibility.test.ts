/**
 * Automated accessibility check (axe-core) of the widget in the real browser, for each main
 * layout (idle, verses with an answer, a failure notice, the floating panel open) in English
 * and in Arabic (right to left). axe walks the open shadow root itself. Serious and critical
 * violations fail the test; minor and moderate ones are printed, so they can be seen.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2eStack } from '../testing/e2e/e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForWidgetReady } from '../testing/e2e/widget-page.js';

/** Evaluated through the DevTools protocol: the demo page's CSP forbids inline scripts, rightly. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WIDGET = 'inline-widget';
const FLOATING = 'floating-widget';
const QUESTION = 'seek help through patience and prayer';
const stack = useE2eStack();

interface Violation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly targets: readonly string[];
}

/** axe's violations inside one widget (its shadow root included), most serious first. */
async function axeViolations(page: Page, widgetId: string): Promise<Violation[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (id) => {
    const axe = (
      window as unknown as {
        axe: {
          run(
            context: Element,
            options: object,
          ): Promise<{ violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[] }[] }[] }>;
        };
      }
    ).axe;
    const { violations } = await axe.run(document.getElementById(id)!, { resultTypes: ['violations'] });
    return violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  }, widgetId);
}

async function expectNoSeriousViolations(page: Page, widgetId: string, layout: string): Promise<void> {
  const violations = await axeViolations(page, widgetId);
  const minor = violations.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length > 0) console.log(`axe (${layout}): ${minor.map((v) => `${v.impact} ${v.id}`).join(', ')}`);
  expect(
    violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    layout,
  ).toStrictEqual([]);
}

/** The demo page with both widgets switched to `lang` and ready. */
async function openDemo(lang: 'en' | 'ar'): Promise<Page> {
  const { page } = await stack().newPage();
  await page.goto(`${stack().baseUrl}/`);
  await waitForWidgetReady(page, WIDGET);
  await page.evaluate((l) => {
    for (const id of ['inline-widget', 'floating-widget']) document.getElementById(id)!.setAttribute('lang', l);
  }, lang);
  await page.locator(`#${WIDGET} [part~="base"][lang="${lang}"]`).waitFor();
  return page;
}

const LANGS = ['en', 'ar'] as const;

// Idle first: later questions leave a history in the shared profile, and the starters go.
describe('when no question has been asked yet', () => {
  for (const lang of LANGS) {
    it(`should have no serious accessibility violations in ${lang}`, async () => {
      const page = await openDemo(lang);
      await page.locator(`#${WIDGET} [part~="starters"]`).waitFor();
      await expectNoSeriousViolations(page, WIDGET, `${lang} idle`);
      await page.close();
    });
  }
});

describe('when verses and an answer are shown', () => {
  for (const lang of LANGS) {
    it(`should have no serious accessibility violations in ${lang}`, async () => {
      stack().xai.respondWith('Allah is with the patient [2:153]. Hardship is followed by ease [94:5].');
      const page = await openDemo(lang);
      await askQuestion(page, WIDGET, QUESTION);
      await waitForAnswerDone(page, WIDGET);
      await page.locator(`#${WIDGET} [part~="citation"]`).first().waitFor();
      await page.locator(`#${WIDGET} [part~="context-toggle"]`).first().click();
      await page.locator(`#${WIDGET} [part~="verse-context"]`).first().waitFor();
      await expectNoSeriousViolations(page, WIDGET, `${lang} results and answer`);
      await page.close();
    });
  }
});

describe('when the answer fails and a notice explains it', () => {
  for (const lang of LANGS) {
    it(`should have no serious accessibility violations in ${lang}`, async () => {
      stack().xai.respondWith({ status: 503, errorMessage: 'upstream overloaded' });
      const page = await openDemo(lang);
      await askQuestion(page, WIDGET, QUESTION);
      await page.locator(`#${WIDGET} [part~="notice"]`).first().waitFor({ timeout: 20_000 });
      await page.locator(`#${WIDGET} [part~="retry"]`).waitFor();
      await expectNoSeriousViolations(page, WIDGET, `${lang} failure notice`);
      await page.close();
    });
  }
});

describe('when the floating panel is open', () => {
  for (const lang of LANGS) {
    it(`should have no serious accessibility violations in ${lang}`, async () => {
      const page = await openDemo(lang);
      // Right to left, the launcher sits over the inline widget and steps aside, as it does on the page's very last line: open it near the foot of the page.
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight - window.innerHeight - 150));
      await page.locator(`#${FLOATING} [part~="launcher"]`).click();
      await page.locator(`#${FLOATING} [part~="panel"]`).waitFor();
      await expectNoSeriousViolations(page, FLOATING, `${lang} floating panel`);
      await page.close();
    });
  }
});

describe('when a violation is planted inside the shadow root', () => {
  it('should be found, so the checks above can fail', async () => {
    const page = await openDemo('en');
    await page.evaluate((id) => {
      const img = document.createElement('img');
      img.src = 'data:image/gif;base64,R0lGODlhAQABAAAAACw=';
      document.getElementById(id)!.shadowRoot!.querySelector('[part~="main"]')!.append(img);
    }, WIDGET);
    const found = (await axeViolations(page, WIDGET)).filter((v) => v.impact === 'critical' || v.impact === 'serious');
    expect(found.map((v) => v.id)).toContain('image-alt');
    await page.close();
  });
});
