/**
 * Browser test for ADR 0004: the search worker, started the way a cross-origin embed starts
 * it (host page and widget on different ports), builds the BM25 indexes without long tasks
 * on the page's main thread and answers exactly like the main-thread engine.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWidgetBundle } from '../../scripts/widget-build/build-widget-bundle.js';
import { buildWidgetForTests, startE2eStack, type E2eStack } from './e2e-stack.js';
import type { WorkerProbeResult } from './probe/worker-probe.js';

let stack: E2eStack;
let hostPage: Server;
let hostUrl: string;

beforeAll(async () => {
  // A host page on another origin than the widget (another port), like a mosque's own site.
  hostPage = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>host</title><p>host page</p>'));
  await new Promise<void>((resolve) => hostPage.listen(0, '127.0.0.1', resolve));
  hostUrl = `http://127.0.0.1:${(hostPage.address() as AddressInfo).port}/`;
  const widgetDir = await buildWidgetForTests();
  await buildWidgetBundle({ outDir: join(widgetDir, 'probe-worker'), entry: 'widget/e2e/probe/worker-probe.ts', logLevel: 'error' });
  stack = await startE2eStack();
}, 120_000);

afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => hostPage?.close(resolve));
});

describe('when search runs in the worker from a page on another origin', () => {
  it('should build the indexes off the main thread and return the same results', async () => {
    const { page } = await stack.newPage();
    await page.goto(hostUrl);
    await page.addScriptTag({ url: `${stack.baseUrl}/widget/probe-worker/quran-dai.js?index=${stack.indexId}&dataBase=${encodeURIComponent(`${stack.baseUrl}/data`)}`, type: 'module' });
    const handle = await page.waitForFunction(() => window.__workerProbe ?? null, undefined, { timeout: 60_000 });
    const probe = (await handle.jsonValue()) as WorkerProbeResult;

    expect(probe.error).toBeUndefined();
    expect(probe.ok).toBe(true);
    expect(Object.keys(probe.workerPrepareMs).sort()).toEqual(['arabic-search', 'en']);
    expect(probe.same).toEqual({ 'seek help through patience and prayer': true, 'ما هو الصبر': true, '2:255': true, 'mercy and forgiveness': true });
    expect(probe.firstRefs['2:255']).toBe('2:255');
    expect(probe.hybridSame).toBe(true);
    // The same builds on the main thread block it; in the worker the page stays responsive.
    const worst = (xs: readonly number[]) => Math.max(0, ...xs);
    expect(worst(probe.longTasksDuringMainThreadBuild)).toBeGreaterThan(worst(probe.longTasksDuringWorkerBuild));
    expect(worst(probe.longTasksDuringWorkerBuild)).toBeLessThan(100);
    console.log(`worker build ${probe.workerReadyMs} ms (${JSON.stringify(probe.workerPrepareMs)}), main-thread long tasks: worker ${JSON.stringify(probe.longTasksDuringWorkerBuild)} vs main-thread build ${JSON.stringify(probe.longTasksDuringMainThreadBuild)}`);
    await page.close();
  });
});
