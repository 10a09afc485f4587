/**
 * Browser test: the first visit stores the verified data in IndexedDB; a reload reads it
 * from there and fetches no data file (only the small manifests are revalidated).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2eStack, type E2eStack } from './e2e-stack.js';
import { readStoredData, waitForWidgetReady } from './widget-page.js';

let stack: E2eStack;

beforeAll(async () => {
  stack = await startE2eStack();
}, 120_000);

afterAll(async () => {
  await stack?.close();
});

describe('when a visitor opens the demo page twice', () => {
  it('should store the data in IndexedDB on the first visit and fetch no data file on the reload', async () => {
    const { page, network } = await stack.newPage();
    await page.goto(`${stack.baseUrl}/`);
    const first = await waitForWidgetReady(page, 'inline-widget');
    expect(first.fromCache).toBe(false);
    expect(first.indexId).toBe(stack.indexId);
    // Keyword search is ready before the (larger) vector file has finished: wait for it to be stored.
    await expect.poll(async () => (await readStoredData(page)).partCount, { timeout: 20_000 }).toBe(5);
    await network.settle();

    const downloaded = network.dataFiles().map((r) => new URL(r.url).pathname.replace(/\.[0-9a-f]{10,64}\./, '.*.'));
    // Each file exactly once, although the page holds two widgets (inline + launcher).
    expect(downloaded.sort()).toEqual(
      ['/data/corpus/arabic-search.*.json', '/data/corpus/arabic.*.json', '/data/corpus/surahs.*.json', '/data/corpus/translation-en.*.json', `/data/index/${stack.indexId}/vectors.*.bin`].sort(),
    );
    expect((await readStoredData(page)).corpusVersion).toBe(first.corpusVersion);

    network.clear();
    await page.reload();
    const again = await waitForWidgetReady(page, 'inline-widget');
    await network.settle();

    expect(again.fromCache).toBe(true);
    expect(network.dataFiles()).toEqual([]);
    expect(network.responses.map((r) => new URL(r.url).pathname)).toContain('/data/corpus/manifest.json');
    await page.close();
  });
});
