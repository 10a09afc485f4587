/**
 * Browser tests of the demo page: the first visit stores the verified data in IndexedDB and
 * a reload fetches no data file; asking shows verses first, then the streamed answer with
 * citation links; stop aborts the upstream request; hostile LLM output runs nothing;
 * fabricated citations are flagged. Real proxy, fake xAI scripted per test. The cache test
 * runs first, on the still-empty profile.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useE2eStack } from '../testing/e2e/e2e-stack.js';
import { askQuestion, installWorkerReadyLog, readStoredData, waitForAnswerDone, waitForWidgetReady, workerReadyMessages } from '../testing/e2e/widget-page.js';

const WIDGET = 'inline-widget';
const stack = useE2eStack();

async function openReadyDemo(): Promise<Page> {
  const { page } = await stack().newPage();
  await page.goto(`${stack().baseUrl}/`);
  await waitForWidgetReady(page, WIDGET);
  return page;
}

describe('when a visitor opens the demo page twice', () => {
  it('should store the data in IndexedDB on the first visit and fetch no data file on the reload', async () => {
    const { page, network } = await stack().newPage();
    // The browser's own log (not the page's console): where it reports header problems.
    const browserLog: string[] = [];
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Log.enable');
    cdp.on('Log.entryAdded', (e) => void browserLog.push(e.entry.text));
    await installWorkerReadyLog(page);
    await page.goto(`${stack().baseUrl}/`);
    const first = await waitForWidgetReady(page, 'inline-widget');
    expect(first.fromCache).toBe(false);
    // The page's own headers make no noise ("Unrecognized feature" in Permissions-Policy).
    expect(browserLog.filter((e) => e.includes('Permissions-Policy'))).toStrictEqual([]);
    expect(first.indexId).toBe(stack().indexId);
    // Keyword search is ready before the vectors have finished, and the topics load after it: wait
    // for all to be stored (3 corpus parts, the vectors' signs and magnitudes, the topics).
    await expect.poll(async () => (await readStoredData(page)).partCount, { timeout: 20_000 }).toBe(6);
    await network.settle();

    const downloaded = network.dataFiles().map((r) => new URL(r.url).pathname.replace(/\.[0-9a-f]{10,64}\./, '.*.'));
    // Each file exactly once, although the page holds two widgets (inline + launcher); the topics
    // in the visitor's language only (English, with Arabic beside it), not the whole index.
    expect(downloaded.sort()).toEqual(
      [
        '/data/corpus/arabic.*.json',
        '/data/corpus/surahs.*.json',
        '/data/corpus/translation-en.*.json',
        `/data/index/${stack().indexId}/signs.*.bin`,
        `/data/index/${stack().indexId}/magnitudes.*.bin`,
        '/data/topics/topics-en.*.json',
      ].sort(),
    );
    // Stored under its cache key: the version and a digest of its files' hashes (ADR 0011).
    expect((await readStoredData(page)).corpusVersion).toMatch(new RegExp(`^${first.corpusVersion}\\.[0-9a-f]{16}$`));
    // The search worker built the BM25 indexes and saved snapshots of them with the corpus version.
    await expect.poll(async () => (await readStoredData(page)).snapshotParts, { timeout: 20_000 }).toEqual(['lexical-arabic-search', 'lexical-en']);
    expect((await workerReadyMessages(page)).map((m) => m.restored)).toContainEqual([]);

    network.clear();
    await page.reload();
    const again = await waitForWidgetReady(page, 'inline-widget');
    await network.settle();

    expect(again.fromCache).toBe(true);
    expect(network.dataFiles()).toEqual([]);
    // Repeat visit: the worker restored both indexes from the snapshots instead of building them.
    await expect.poll(async () => (await workerReadyMessages(page)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    for (const m of await workerReadyMessages(page)) expect(m.restored).toEqual(['en', 'arabic-search']);
    expect(network.responses.map((r) => new URL(r.url).pathname)).toContain('/data/corpus/manifest.json');
    await page.close();
  });
});

const answerBody = (page: Page) => page.locator(`#${WIDGET} [part~="answer-body"]`);

describe('when a visitor asks a question', () => {
  it('should show the verses, then stream the answer with its citations as quran.com links', async () => {
    const answer = 'Allah is with those who are patient [2:153]. Seek help through patience and prayer, and trust that hardship is followed by ease.';
    stack().xai.respondWith({ text: answer, chunkChars: 8, chunkDelayMs: 60 });
    const page = await openReadyDemo();
    const calls = stack().xai.calls.length;
    await askQuestion(page, WIDGET, 'seek help through patience and prayer');

    const verses = page.locator(`#${WIDGET} [part~="verse"]`);
    await verses.first().waitFor();
    expect(await verses.count()).toBeGreaterThan(0);
    expect(await page.locator(`#${WIDGET} article[part~="verse"][data-ref="2:153"]`).count()).toBe(1);

    // Streaming: a partial answer is on screen before the whole text has arrived.
    await page.waitForFunction((id) => {
      const body = document.getElementById(id)?.shadowRoot?.querySelector('[part~="answer-body"]');
      return !!body && body.getAttribute('aria-busy') === 'true' && (body.textContent ?? '').trim().length > 0;
    }, WIDGET);
    const partial = (await answerBody(page).textContent()) ?? '';
    expect(partial.includes('hardship is followed by ease')).toBe(false);

    await waitForAnswerDone(page, WIDGET);
    expect(await answerBody(page).textContent()).toContain('hardship is followed by ease');
    const citation = answerBody(page).locator('a[part~="citation"]').first();
    expect(await citation.getAttribute('href')).toBe('https://quran.com/2/153');
    expect(await citation.getAttribute('target')).toBe('_blank');
    expect(await citation.getAttribute('rel')).toContain('noopener');

    // The proxy was sent references, never verse text, and the fake saw one chat call.
    const call = stack().xai.calls[calls]!;
    expect(JSON.stringify(call.requestBodyJson.messages)).toContain('2:153');
    await page.close();
  });
});

describe('when the visitor presses stop', () => {
  it('should abort the upstream request (the fake xAI sees the disconnect)', async () => {
    const long = Array.from({ length: 60 }, (_, i) => `Sentence ${i} about patience [2:153].`).join(' ');
    stack().xai.respondWith({ text: long, chunkChars: 10, chunkDelayMs: 150 });
    const page = await openReadyDemo();
    const index = stack().xai.calls.length;
    await askQuestion(page, WIDGET, 'patience');
    await page.waitForFunction(
      (id) => (document.getElementById(id)?.shadowRoot?.querySelector('[part~="answer-body"]')?.textContent ?? '').includes('Sentence 0'),
      WIDGET,
    );
    await page.locator(`#${WIDGET} [part~="stop"]`).click();

    const call = await stack().xai.waitForCallEnd(index, 10_000);
    expect(call.disconnected).toBe(true);
    expect(call.completed).toBe(false);
    expect(await answerBody(page).textContent()).not.toContain('Sentence 59');
    await page.locator(`#${WIDGET} [part~="submit"]`).waitFor();
    await page.close();
  });
});

describe('when the LLM answer contains HTML and javascript: links', () => {
  it('should render them as inert text and execute nothing', async () => {
    stack().xai.respondWith(
      'Patience is praised [2:153]. <img src=x onerror="window.__pwned=1;alert(1)"> ' +
        '[read more](javascript:window.__pwned=2) <script>window.__pwned=3</script> ' +
        '<a href="javascript:window.__pwned=4">tap</a> [safe](https://quran.com/2/153)',
    );
    const page = await openReadyDemo();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await askQuestion(page, WIDGET, 'patience');
    await waitForAnswerDone(page, WIDGET);
    await page.waitForTimeout(300);

    expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
    expect(dialogs).toEqual([]);
    const body = answerBody(page);
    expect(await body.locator('img, script').count()).toBe(0);
    const hrefs = await body.locator('a').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((h) => !h.startsWith('https://'))).toEqual([]);
    expect(await body.textContent()).toContain('<img src=x');
    await page.close();
  });
});

describe('when the LLM cites a verse that does not exist', () => {
  it('should flag [2:999] visibly and not link it', async () => {
    stack().xai.respondWith('Patience is praised [2:153], and see also [2:999].');
    const page = await openReadyDemo();
    await askQuestion(page, WIDGET, 'patience');
    await waitForAnswerDone(page, WIDGET);

    const invalid = answerBody(page).locator('[part~="citation-invalid"]');
    expect(await invalid.count()).toBe(1);
    expect(await invalid.getAttribute('data-ref')).toBe('2:999');
    expect(await invalid.evaluate((el) => el.tagName)).not.toBe('A');
    expect((await invalid.locator('[part~="citation-flag"]').textContent())?.trim().length).toBeGreaterThan(0);
    expect(await answerBody(page).locator('a[href="https://quran.com/2/999"]').count()).toBe(0);
    await page.close();
  });
});

describe('when the LLM misquotes a verse and cites it the Arabic way', () => {
  it('should flag the quote, show the verse as it really reads, and link the Arabic reference', async () => {
    stack().xai.respondWith('قال الله تعالى: «يَا أَيُّهَا الَّذِينَ آمَنُوا اسْتَعِينُوا بِالصَّبْرِ وَالصِّيَامِ» (البقرة: 153)، فالصبر عون.');
    const page = await openReadyDemo();
    await askQuestion(page, WIDGET, 'patience');
    await waitForAnswerDone(page, WIDGET);

    const body = answerBody(page);
    // «(البقرة: 153)» is a citation like [2:153]: linked to quran.com and checked.
    expect(await body.locator('a[data-ref="2:153"]').getAttribute('href')).toBe('https://quran.com/2/153');
    expect(await body.locator('[part~="quote-mismatch"]').count()).toBe(1);
    const correction = body.locator('[part~="quote-correction"]');
    expect(await correction.getAttribute('data-ref')).toBe('2:153');
    // The verse's own Uthmani text (its letters, marks aside), from the corpus the page loaded, not the model's words.
    const shown = ((await correction.locator('q').textContent()) ?? '').replace(/[\u064B-\u065F\u0670\u06D6-\u06ED]/g, '');
    expect(shown).toContain('بٱلصبر وٱلصلوة');
    expect(shown).not.toContain('الصيام');
    await page.close();
  });
});
