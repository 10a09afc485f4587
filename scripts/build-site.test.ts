import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readProxyEnv, REPO_ROOT } from '../proxy/server.js';
import { DEFAULT_SITE_DIR } from '../data/site/site-loader-node.js';
import { main, parseSiteArgs } from './build-site.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'build-site-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('when the site owner runs npm run build:site', () => {
  it('should take the folders from .env, as the proxy does', async () => {
    await mkdir(join(root, 'our-docs'));
    await writeFile(join(root, 'our-docs', 'jumuah.md'), "# Jumu'ah\n\nThe khutbah starts at 1:15 pm.\n");
    await writeFile(join(root, '.env'), `SITE_DOCS_DIR=${join(root, 'our-docs')}\nSITE_DIR=${join(root, 'built')}\n`);
    const env = readProxyEnv(root);
    expect(parseSiteArgs([], env)).toMatchObject({ source: join(root, 'our-docs'), out: join(root, 'built') });
    const result = await main(['--no-embed'], env);
    expect(result.built.manifest.documents).toHaveLength(1);
    const manifest = JSON.parse(await readFile(join(root, 'built', 'manifest.json'), 'utf8'));
    expect(manifest.documents.map((d: { title: string }) => d.title)).toStrictEqual(["Jumu'ah"]);
  });

  it('should start the bundled model itself for its index, so the documents get the vectors the proxy serves', async () => {
    await mkdir(join(root, 'our-docs'));
    await writeFile(join(root, 'our-docs', 'jumuah.md'), "# Jumu'ah\n\nThe khutbah starts at 1:15 pm.\n");
    const lines: string[] = [];
    const result = await main(
      ['--source', join(root, 'our-docs'), '--out', join(root, 'built')],
      { INDEX_DIR: join(REPO_ROOT, 'data', 'dist', 'index'), INDEX_ID: 'multilingual-e5-small-384' },
      (l) => lines.push(l),
    );
    expect(lines).toStrictEqual(['build:site: starting the local embedding model (multilingual-e5-small)…']);
    expect([result.keywordOnlyReason, result.embedded]).toStrictEqual([undefined, 1]);
  }, 120_000);

  it('should let --source and --out win over .env', () => {
    expect(parseSiteArgs(['--source', 'a', '--out', 'b'], { SITE_DOCS_DIR: 'x', SITE_DIR: 'y' })).toMatchObject({ source: 'a', out: 'b' });
    expect(parseSiteArgs([], {})).toMatchObject({ source: './site-docs', out: DEFAULT_SITE_DIR });
  });
});
