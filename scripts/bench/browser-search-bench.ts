/**
 * Runs the search benchmark in headless Chromium: bundles browser-bench-entry.ts with
 * esbuild, serves it with the corpus, the indexes and voy's wasm from 127.0.0.1 (with
 * COOP/COEP so performance.now() has 5 µs rather than 100 µs resolution), and calls it.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { DEFAULT_CORPUS_DIR } from '../../data/corpus/corpus-loader-node.js';
import { VOY_WASM_PATH } from '../../data/index/voy-wasm-node.js';
import { launchChromium } from '../../widget/testing/e2e/launch-chromium.js';
import type { PageBenchConfig } from './browser-bench-entry.js';
import type { SearchBenchReport } from './search-bench-core.js';
import { DEFAULT_TOPICS_DIR } from '../../data/topics/topic-loader-node.js';

const ENTRY = join(dirname(fileURLToPath(import.meta.url)), 'browser-bench-entry.ts');

export async function bundleBenchPage(): Promise<string> {
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    minify: true,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.bin': 'application/octet-stream',
  '.html': 'text/html',
};

export async function runBrowserSearchBench(indexRoot: string, config: PageBenchConfig): Promise<SearchBenchReport> {
  const script = await bundleBenchPage();
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    const send = async () => {
      let body: string | Buffer;
      if (path === '/') body = '<!doctype html><meta charset="utf-8"><title>search bench</title><script type="module" src="/bench.js"></script>';
      else if (path === '/bench.js') body = script;
      else if (path === '/voy.wasm') body = await readFile(VOY_WASM_PATH);
      else if (path.startsWith('/corpus/')) body = await readFile(safeJoin(DEFAULT_CORPUS_DIR, path.slice(8)));
      else if (path.startsWith('/index/')) body = await readFile(safeJoin(indexRoot, path.slice(7)));
      else if (path.startsWith('/topics/')) body = await readFile(safeJoin(DEFAULT_TOPICS_DIR, path.slice(8)));
      else throw new Error('not found');
      const ext = path === '/' ? '.html' : path.slice(path.lastIndexOf('.'));
      res.writeHead(200, {
        'content-type': TYPES[ext] ?? 'application/octet-stream',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
        'cross-origin-resource-policy': 'same-origin',
      });
      res.end(body);
    };
    send().catch(() => {
      res.writeHead(404);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(url);
    await page.waitForFunction(() => 'runSearchBenchInPage' in globalThis, undefined, { timeout: 30_000 });
    const isolated = await page.evaluate(() => globalThis.crossOriginIsolated);
    if (!isolated) console.error('warning: page is not cross-origin isolated; timer resolution is coarse');
    const report = await page.evaluate(
      (c) => (globalThis as unknown as { runSearchBenchInPage: (c: PageBenchConfig) => Promise<SearchBenchReport> }).runSearchBenchInPage(c),
      config,
    );
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return report;
  } finally {
    await browser.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

function safeJoin(root: string, rel: string): string {
  const p = normalize(join(root, rel));
  if (!p.startsWith(normalize(root))) throw new Error('outside root');
  return p;
}
