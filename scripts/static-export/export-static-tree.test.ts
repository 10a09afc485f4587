import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeFileSource } from '../../proxy/middleware/static-files/node-file-source.js';
import { createTestProxy } from '../../proxy/testing/test-proxy.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import { loadSiteFromDir } from '../../data/site/site-loader-node.js';
import type { SiteArtefact } from '../../data/site/site-artefact-reader.js';
import { DEMO_SITE_DOCS_DIR } from '../site-build/demo-site.js';
import { runSiteBuild } from '../site-build/site-build-run.js';
import { cdnHeadersFor, exportStaticTree, type ExportStaticTreeOptions } from './export-static-tree.js';

let root: string;
let site: SiteArtefact;
let siteDir: string;
let base: ExportStaticTreeOptions;

async function writeTree(dir: string, files: Readonly<Record<string, string | Uint8Array>>): Promise<void> {
  for (const [path, bytes] of Object.entries(files)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), bytes);
  }
}

const QURAN_ONLY_TREE = [
  'data/corpus/arabic.0123456789.json',
  'data/corpus/manifest.json',
  'data/index/idx-1/manifest.json',
  'data/index/idx-1/vectors.abcdef0123.bin',
  'fonts/quran.woff2',
  'widget/chunks/site-AbCd_12-.js',
  'widget/quran-dai.js',
];

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quran-dai-export-'));
  await writeTree(join(root, 'widget'), { 'quran-dai.js': 'export {};', 'chunks/site-AbCd_12-.js': 'export {};' });
  await writeTree(join(root, 'corpus'), { 'manifest.json': '{}', 'arabic.0123456789.json': '[]' });
  await writeTree(join(root, 'index', 'idx-1'), { 'manifest.json': '{}', 'vectors.abcdef0123.bin': new Uint8Array([1, 2, 3]) });
  await writeTree(join(root, 'fonts'), { 'quran.woff2': new Uint8Array([4, 5]) });
  // SITE_DIR as `npm run build:site` leaves it (chunks and vectors), plus a file the site owner dropped there by hand.
  siteDir = join(root, 'site');
  const index = { id: 'test-hashing-16', embedder: 'test-hashing', model: 'test-hashing-v1', dims: 16 } as VectorIndexManifest;
  await runSiteBuild({ source: DEMO_SITE_DOCS_DIR, outDir: siteDir, index, env: {} });
  await writeFile(join(siteDir, 'notes.txt'), 'not part of the artefact');
  site = (await loadSiteFromDir(siteDir))!;
  base = {
    widgetDir: join(root, 'widget'),
    corpusDir: join(root, 'corpus'),
    index: { id: 'idx-1', dir: join(root, 'index', 'idx-1') },
    site: null,
    fontFile: join(root, 'fonts', 'quran.woff2'),
    outDir: join(root, 'out'),
  };
});

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('when the proxy has no site documents', () => {
  it('should write the widget, the corpus, the index and the font only', async () => {
    const files = await exportStaticTree(base);
    expect(files.map((f) => f.path)).toStrictEqual(QURAN_ONLY_TREE);
  });
});

describe('when the proxy has site documents', () => {
  const siteFiles = () => ['manifest.json', ...site.manifest.files.map((f) => f.path)].sort();

  it('should write the site manifest and its content-hashed files under data/site, byte for byte', async () => {
    const files = await exportStaticTree({ ...base, site: { dir: siteDir, manifest: site.manifest } });
    expect(siteFiles()).toStrictEqual(
      ['chunks', 'manifest', 'vectors'].map((part) => expect.stringMatching(new RegExp(`^${part}(\\.[0-9a-f]{10})?\\.(json|bin)$`))),
    );
    expect(files.map((f) => f.path)).toStrictEqual([...QURAN_ONLY_TREE, ...siteFiles().map((name) => `data/site/${name}`)].sort());
    for (const name of siteFiles()) {
      expect(await readFile(join(base.outDir, 'data', 'site', name))).toStrictEqual(await readFile(join(siteDir, name)));
    }
  });

  it('should serve the manifest revalidated and the hashed files immutable, with the headers the proxy sends', async () => {
    const { app } = await createTestProxy({}, { site, files: { site: createNodeFileSource(siteDir) } });
    expect(siteFiles().map((name) => cdnHeadersFor(`data/site/${name}`)['cache-control'])).toStrictEqual([
      'public, max-age=31536000, immutable',
      'no-cache',
      'public, max-age=31536000, immutable',
    ]);
    for (const name of siteFiles()) {
      const res = await app.request(`/data/site/${name}`);
      expect(res.status).toBe(200);
      const cdn = cdnHeadersFor(`data/site/${name}`);
      expect([
        res.headers.get('cache-control'),
        res.headers.get('access-control-allow-origin'),
        res.headers.get('access-control-expose-headers'),
      ]).toStrictEqual([cdn['cache-control'], cdn['access-control-allow-origin'], cdn['access-control-expose-headers']]);
    }
  });
});
