/**
 * Browser tests of the verse cards' explain, share and listen actions, the answer's
 * feedback and the contact link, in Chromium: used from the keyboard, right to left
 * (`lang="ar"`) and at 360 px. Recitations come from a fake audio server on 127.0.0.1 that
 * serves one tiny valid WAV file and a 404 for every other verse.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eStack, type E2eStack } from '../testing/e2e/e2e-stack.js';
import { askQuestion, waitForAnswerDone, waitForWidgetReady } from '../testing/e2e/widget-page.js';

let stack: E2eStack;
let audioServer: Server;
let audioBase: string;
const audioRequests: string[] = [];

/** 0.2 s of silence as 8 kHz 8-bit mono PCM: the smallest file every browser plays. */
function silentWav(): Buffer {
  const samples = 1600;
  const b = Buffer.alloc(44 + samples, 0x80);
  b.write('RIFF', 0);
  b.writeUInt32LE(36 + samples, 4);
  b.write('WAVEfmt ', 8);
  b.writeUInt32LE(16, 16);
  b.writeUInt16LE(1, 20);
  b.writeUInt16LE(1, 22);
  b.writeUInt32LE(8000, 24);
  b.writeUInt32LE(8000, 28);
  b.writeUInt16LE(1, 32);
  b.writeUInt16LE(8, 34);
  b.write('data', 36);
  b.writeUInt32LE(samples, 40);
  return b;
}

beforeAll(async () => {
  const wav = silentWav();
  audioServer = createServer((req, res) => {
    audioRequests.push(req.url ?? '');
    if (req.url === '/recitation/002153.wav') {
      res.writeHead(200, { 'content-type': 'audio/wav', 'content-length': wav.length, 'access-control-allow-origin': '*' });
      res.end(wav);
      return;
    }
    res.writeHead(404, { 'content-type': 'text/plain' });
    res.end('no such recitation');
  });
  await new Promise<void>((resolve) => audioServer.listen(0, '127.0.0.1', resolve));
  audioBase = `http://127.0.0.1:${(audioServer.address() as AddressInfo).port}/recitation/{SSS}{AAA}.wav`;
  stack = await startE2eStack({ withIndex: false });
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => audioServer?.close(resolve));
});

/** The demo page with one more widget that has recitations and a contact link. */
async function openWidget(id: string, attrs: Record<string, string>, viewport?: { width: number; height: number }): Promise<Page> {
  const { page } = await stack.newPage();
  if (viewport) await page.setViewportSize(viewport);
  await page.addInitScript(() => {
    const log: Record<string, unknown[]> = {};
    (window as unknown as { __events: unknown }).__events = log;
    for (const name of ['quran-dai-explain', 'quran-dai-share', 'quran-dai-play', 'quran-dai-feedback']) {
      document.addEventListener(name, (e) => (log[name] ??= []).push((e as CustomEvent).detail));
    }
  });
  await page.goto(`${stack.baseUrl}/`);
  await page.evaluate(
    ({ id, attrs }) => {
      const el = document.createElement('quran-dai');
      el.id = id;
      for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
      document.getElementById('ask')!.append(el);
    },
    { id, attrs: { proxy: '/', 'audio-base': audioBase, 'contact-href': 'mailto:imam@mosque.example', ...attrs } },
  );
  await waitForWidgetReady(page, id);
  return page;
}

const events = (page: Page, name: string) => page.evaluate((n) => (window as unknown as { __events: Record<string, unknown[]> }).__events[n] ?? [], name);
const activePart = (page: Page, id: string) => page.locator(`#${id}`).evaluate((host) => host.shadowRoot!.activeElement?.getAttribute('part') ?? null);

describe('when a visitor uses the verse actions from the keyboard', () => {
  it('should reach each action with Tab, play a recitation, show a load error, and explain with the tafsir link', async () => {
    const id = 'keyboard-widget';
    const page = await openWidget(id, { lang: 'en' });
    await askQuestion(page, id, '2:153');
    await waitForAnswerDone(page, id);
    const card = (ref: string) => page.locator(`#${id} article[data-ref="${ref}"]`);

    await card('2:153').locator('[part~="copy"]').focus();
    const order: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      await page.keyboard.press('Tab');
      order.push(await activePart(page, id));
    }
    expect(order).toStrictEqual(['explain', 'share', 'listen']);

    await page.keyboard.press('Enter');
    await page.waitForFunction(() => ((window as unknown as { __events: Record<string, unknown[]> }).__events['quran-dai-play'] ?? []).length > 0, null, {
      timeout: 10_000,
    });
    expect(await events(page, 'quran-dai-play')).toStrictEqual([{ ref: '2:153' }]);
    expect(await card('2:153').locator('[part~="listen"]').getAttribute('aria-pressed')).toBe('true');
    expect(audioRequests).toContain('/recitation/002153.wav');

    // A verse the server does not have: the error is said on its card, and the first one stopped.
    await askQuestion(page, id, '2:154');
    await waitForAnswerDone(page, id);
    await card('2:154').locator('[part~="listen"]').focus();
    await page.keyboard.press('Enter');
    await card('2:154').locator('[part~="listen-error"]').waitFor({ timeout: 10_000 });
    expect((await card('2:154').locator('[part~="listen-error"]').textContent())?.trim()).toBe('The recitation of 2:154 could not be loaded.');

    await card('2:154').locator('[part~="explain"]').focus();
    await page.keyboard.press('Enter');
    await page.locator(`#${id} [part~="answer"] [part~="answer-tafsir"] a`).waitFor({ timeout: 20_000 });
    expect(await page.locator(`#${id} [part~="answer-tafsir"] a`).getAttribute('href')).toBe('https://quran.com/2:154/tafsirs/en-tafisr-ibn-kathir');
    expect(await events(page, 'quran-dai-explain')).toStrictEqual([{ ref: '2:154', passage: '2:149-159' }]);

    // 👍 from the keyboard, then the contact link under the answer.
    await waitForAnswerDone(page, id);
    await page.locator(`#${id} [part~="feedback-up"]`).focus();
    await page.keyboard.press('Enter');
    await page.locator(`#${id} [part~="feedback-thanks"]`).waitFor();
    expect(await events(page, 'quran-dai-feedback')).toHaveLength(1);
    expect(await page.locator(`#${id} [part~="answer"] [part~="contact"] a`).getAttribute('href')).toBe('mailto:imam@mosque.example');
    await page.close();
  });
});

describe('when the widget is right to left (lang="ar")', () => {
  it('should label the actions in Arabic and lay them out right to left', async () => {
    const id = 'arabic-actions';
    const page = await openWidget(id, { lang: 'ar', mode: 'search' });
    await askQuestion(page, id, '2:153');
    const card = page.locator(`#${id} article[data-ref="2:153"]`);
    await card.locator('[part~="listen"]').waitFor({ timeout: 20_000 });
    expect(
      [
        await card.locator('[part~="explain"]').textContent(),
        await card.locator('[part~="share"]').textContent(),
        await card.locator('[part~="listen"]').textContent(),
      ].map((s) => s?.trim()),
    ).toStrictEqual(['اشرح', 'مشاركة', 'استمع']);
    expect(await card.locator('[part~="explain"]').evaluate((el) => getComputedStyle(el).direction)).toBe('rtl');
    // Right to left, the first action (copy) sits right of the last (listen).
    const copy = await card.locator('[part~="copy"]').boundingBox();
    const listen = await card.locator('[part~="listen"]').boundingBox();
    expect(copy!.x).toBeGreaterThan(listen!.x);
    await page.close();
  });
});

describe('when the page is viewed at 360 px', () => {
  it('should keep the new controls inside the card, on one line each, with no horizontal scrolling', async () => {
    const id = 'phone-widget';
    const page = await openWidget(id, { lang: 'en' }, { width: 360, height: 800 });
    await askQuestion(page, id, 'seek help through patience and prayer');
    await waitForAnswerDone(page, id);
    await page.locator(`#${id} [part~="answer-share"]`).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const outside = await page.locator(`#${id}`).evaluate((host) => {
      const parts = ['explain', 'share', 'listen', 'answer-share', 'feedback-up', 'feedback-down'];
      return [...host.shadowRoot!.querySelectorAll<HTMLElement>(parts.map((p) => `[part~="${p}"]`).join(','))].flatMap((b) => {
        const box = b.getBoundingClientRect();
        const container = (b.closest('article') ?? b.closest('section'))!.getBoundingClientRect();
        // Lines of the label's text (its text rectangles' distinct bottoms), not the padded box nor an icon beside it.
        const walker = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
        const bottoms = new Set<number>();
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const r of range.getClientRects()) if (r.width > 0 && r.height > 0) bottoms.add(Math.round(r.bottom));
        }
        const lines = bottoms.size;
        return box.left < container.left - 0.5 || box.right > container.right + 0.5 || lines > 1 ? [`${b.getAttribute('part')}: ${b.textContent?.trim()}`] : [];
      });
    });
    expect(outside).toStrictEqual([]);
    await page.close();
  });
});
