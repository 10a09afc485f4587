import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CORPUS_DIR } from '../../data/corpus/corpus-loader-node.js';
import { parseProxyConfig } from '../../proxy/config/proxy-config.js';
import { buildWorkerAssets, MAX_ASSET_BYTES, WORKER_ASSETS_INFO } from './worker-assets.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'quran-dai-assets-'));
  await mkdir(join(root, 'widget'));
  await writeFile(join(root, 'widget', 'quran-dai.js'), 'export {};\n');
  await mkdir(join(root, 'demo', 'site-docs'), { recursive: true });
  await writeFile(join(root, 'demo', 'index.html'), '<quran-dai></quran-dai>');
  await writeFile(join(root, 'demo', 'site-docs', 'times.md'), '# Times');
});
afterEach(() => rm(root, { recursive: true, force: true }));

const configFor = (env: Record<string, string>) =>
  parseProxyConfig({
    WIDGET_DIR: join(root, 'widget'),
    DEMO_DIR: join(root, 'demo'),
    CORPUS_DIR: DEFAULT_CORPUS_DIR,
    INDEX_DIR: join(root, 'index'),
    SITE_DIR: join(root, 'no-site'),
    TOPICS_DIR: join(root, 'no-topics'),
    ...env,
  });
const build = (env: Record<string, string> = {}) =>
  buildWorkerAssets({ config: configFor(env), at: (p) => p, outDir: join(root, 'out'), fontDir: undefined, ortDir: undefined, now: 1 });

describe("when the Worker's assets are written", () => {
  it("should lay them out by URL, keep the demo's source documents out, and record what they hold", async () => {
    const report = await build();
    expect(existsSync(join(root, 'out', 'widget', 'quran-dai.js'))).toBe(true);
    expect(existsSync(join(root, 'out', 'data', 'corpus', 'manifest.json'))).toBe(true);
    expect(existsSync(join(root, 'out', 'demo', 'index.html'))).toBe(true);
    expect(existsSync(join(root, 'out', 'demo', 'site-docs'))).toBe(false);
    expect(JSON.parse(readFileSync(join(root, 'out', WORKER_ASSETS_INFO), 'utf8'))).toStrictEqual({ builtAt: 1, index: null, site: false });
    expect(report.files).toBeGreaterThan(5);
  });

  it("should stop, naming the file, when one is over Cloudflare's 25 MiB", async () => {
    await writeFile(join(root, 'widget', 'huge.bin'), new Uint8Array(MAX_ASSET_BYTES + 1));
    await expect(build()).rejects.toThrow(/25 MiB.*huge\.bin/);
  });

  it('should say to build first when there is no widget', async () => {
    await rm(join(root, 'widget'), { recursive: true });
    await expect(build()).rejects.toThrow(/no widget at .*; run npm run build first/);
  });
});
