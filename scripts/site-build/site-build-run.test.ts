import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSiteBuild } from './site-build-run.js';
import { loadSiteFromDir } from '../../data/site/site-loader-node.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';

const DEMO_DOCS = join(import.meta.dirname, '..', '..', 'demo', 'site-docs');

const hashingIndex = { id: 'test-hashing-64', embedder: 'test-hashing', model: 'test-hashing-v1', dims: 64 } as VectorIndexManifest;

let work: string;
let source: string;
let out: string;
beforeEach(async () => {
  work = await mkdtemp(join(tmpdir(), 'site-build-'));
  source = join(work, 'docs');
  out = join(work, 'site');
  await cp(DEMO_DOCS, source, { recursive: true });
});
afterEach(async () => {
  await rm(work, { recursive: true, force: true });
});

const build = () => runSiteBuild({ source, outDir: out, index: hashingIndex, env: {} });

describe('when the demo documents are built with an embedder', () => {
  it('should write a manifest, chunks and vectors that the reader verifies', async () => {
    const r = await build();
    expect(r.embedded).toBe(r.built.manifest.chunkCount);
    expect(r.reused).toBe(0);
    const site = await loadSiteFromDir(out);
    expect(site!.manifest.version).toBe(r.built.manifest.version);
    expect(site!.chunks.map((c) => c.title)).toContain("Visitors' FAQ");
    expect(site!.vectors!.count).toBe(site!.chunks.length);
    expect((await readdir(out)).sort()).toEqual(['manifest.json', ...r.built.manifest.files.map((f) => f.path)].sort());
  });

  it('should give byte-identical files when built again, embedding nothing', async () => {
    const first = await build();
    const manifest = await readFile(join(out, 'manifest.json'));
    const again = await build();
    expect(again.embedded).toBe(0);
    expect(again.reused).toBe(first.built.manifest.chunkCount);
    expect(await readFile(join(out, 'manifest.json'))).toEqual(manifest);
  });

  it('should re-embed only the chunk whose text changed, and drop the old files', async () => {
    const first = await build();
    const faq = join(source, 'visitors-faq.md');
    await writeFile(faq, (await readFile(faq, 'utf8')).replace('routes 12 and 40', 'routes 12, 40 and 41'));
    const second = await build();
    expect(second.embedded).toBe(1);
    expect(second.reused).toBe(first.built.manifest.chunkCount - 1);
    expect(second.built.manifest.version).not.toBe(first.built.manifest.version);
    expect((await readdir(out)).length).toBe(1 + second.built.manifest.files.length);
  });
});

describe('when no embedder is configured', () => {
  it('should build a keyword-only artefact and say why', async () => {
    const r = await runSiteBuild({ source, outDir: out, index: null, env: {} });
    expect(r.built.manifest.vectors).toBeNull();
    expect(r.built.manifest.files.map((f) => f.part)).toEqual(['chunks']);
    expect(r.keywordOnlyReason).toMatch(/no vector index is built/);
  });
});

describe('when a built file is changed afterwards', () => {
  it('should be refused by the reader with the rebuild command', async () => {
    const r = await build();
    const chunks = r.built.manifest.files.find((f) => f.part === 'chunks')!;
    const path = join(out, chunks.path);
    await writeFile(path, (await readFile(path, 'utf8')).replace('Jumu', 'Jumo'));
    await expect(loadSiteFromDir(out)).rejects.toThrow(/failed its integrity check .* npm run build:site/);
  });
});
