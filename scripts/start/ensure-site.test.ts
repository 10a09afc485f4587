import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cp, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureSite } from './ensure-site.js';
import { DEMO_SITE_DOCS_DIR } from '../site-build/demo-site.js';

let root: string;
const lines: string[] = [];
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'ensure-site-'));
  lines.length = 0;
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const exists = (p: string) => stat(p).then(() => true, () => false);

describe('when npm start runs without SITE_DOCS_DIR', () => {
  it("should build the demo mosque's documents into SITE_DIR", async () => {
    await cp(DEMO_SITE_DOCS_DIR, join(root, 'demo', 'site-docs'), { recursive: true });
    expect(await ensureSite({ INDEX_DIR: 'none' }, root, (l) => lines.push(l))).toBe('built');
    const manifest = JSON.parse(await readFile(join(root, 'data', 'dist', 'site', 'manifest.json'), 'utf8'));
    expect(manifest.documents.map((d: { title: string }) => d.title)).toEqual(['Classes', 'Opening times', "Visitors' FAQ"]);
    expect(lines.join('\n')).toMatch(/3 documents, \d+ chunks, keyword search only/);
  });
});

describe('when the site folder has a problem', () => {
  it('should print it, serve no stale documents, and not stop the start', async () => {
    await cp(DEMO_SITE_DOCS_DIR, join(root, 'docs'), { recursive: true });
    const env = { SITE_DOCS_DIR: 'docs', SITE_DIR: 'site', INDEX_DIR: 'none' };
    expect(await ensureSite(env, root, (l) => lines.push(l))).toBe('built');
    await writeFile(join(root, 'docs', 'broken.pdf'), 'not a pdf');
    expect(await ensureSite(env, root, (l) => lines.push(l))).toBe('failed');
    expect(lines.at(-1)).toMatch(/were not built, so none are served:\nbroken\.pdf could not be read as a PDF/);
    expect(await exists(join(root, 'site', 'manifest.json'))).toBe(false);
  });
});
