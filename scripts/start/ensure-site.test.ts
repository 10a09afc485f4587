import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cp, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
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

const exists = (p: string) =>
  stat(p).then(
    () => true,
    () => false,
  );

describe('when npm start runs without SITE_DOCS_DIR', () => {
  it("should build the demo mosque's documents into their own folder for the local demo, leaving SITE_DIR alone", async () => {
    await cp(DEMO_SITE_DOCS_DIR, join(root, 'demo', 'site-docs'), { recursive: true });
    const { status, env } = await ensureSite({ INDEX_DIR: 'none' }, root, (l) => lines.push(l));
    expect(status).toBe('built');
    expect(env.SITE_DIR).toBe(join(root, 'data', 'dist', 'site-demo'));
    expect(env.SITE_DEMO_ONLY).toBe('true');
    const manifest = JSON.parse(await readFile(join(env.SITE_DIR!, 'manifest.json'), 'utf8'));
    expect(manifest.documents.map((d: { title: string }) => d.title)).toEqual(['Classes', 'Opening times', "Visitors' FAQ"]);
    expect(await exists(join(root, 'data', 'dist', 'site', 'manifest.json'))).toBe(false);
    expect(lines.join('\n')).toMatch(/demo mosque's sample documents, for this proxy's own demo page only[^]*3 documents, \d+ chunks, keyword search only/);
  });

  it("should never serve the demo's documents to a real site's visitors, and remove an earlier start's demo build", async () => {
    await cp(DEMO_SITE_DOCS_DIR, join(root, 'demo', 'site-docs'), { recursive: true });
    // What earlier versions of npm start left in SITE_DIR.
    expect((await ensureSite({ INDEX_DIR: 'none', SITE_DOCS_DIR: 'demo/site-docs' }, root, () => undefined)).status).toBe('built');
    const { status, env } = await ensureSite({ INDEX_DIR: 'none', ALLOWED_ORIGINS: 'https://mosque.example' }, root, (l) => lines.push(l));
    expect([status, env.SITE_DIR]).toStrictEqual(['none', undefined]);
    expect(await exists(join(root, 'data', 'dist', 'site', 'manifest.json'))).toBe(false);
    expect(lines.at(-1)).toMatch(/^quran-dai: site documents: none\. .* set SITE_DOCS_DIR to their folder/);
  });

  it('should serve the build the owner made with npm run build:site as it is, never replacing it with the demo', async () => {
    await cp(DEMO_SITE_DOCS_DIR, join(root, 'demo', 'site-docs'), { recursive: true });
    await mkdir(join(root, 'our-docs'));
    await writeFile(join(root, 'our-docs', 'jumuah.md'), "# Jumu'ah\n\nThe khutbah starts at 1:15 pm.\n");
    // npm run build:site -- --source ./our-docs
    expect((await ensureSite({ INDEX_DIR: 'none', SITE_DOCS_DIR: 'our-docs' }, root, () => undefined)).status).toBe('built');
    const before = await readFile(join(root, 'data', 'dist', 'site', 'manifest.json'), 'utf8');
    for (const env of [{ INDEX_DIR: 'none' }, { INDEX_DIR: 'none', ALLOWED_ORIGINS: 'https://mosque.example' }]) {
      const ensured = await ensureSite(env, root, (l) => lines.push(l));
      expect([ensured.status, ensured.env.SITE_DIR]).toStrictEqual(['kept', undefined]);
    }
    expect(await readFile(join(root, 'data', 'dist', 'site', 'manifest.json'), 'utf8')).toBe(before);
    expect(lines.at(-1)).toMatch(/^quran-dai: site documents: the build in .* \(1 documents\), as npm run build:site made it/);
  });
});

describe('when the site folder has a problem', () => {
  it('should print it, serve no stale documents, and not stop the start', async () => {
    await cp(DEMO_SITE_DOCS_DIR, join(root, 'docs'), { recursive: true });
    const env = { SITE_DOCS_DIR: 'docs', SITE_DIR: 'site', INDEX_DIR: 'none' };
    expect((await ensureSite(env, root, (l) => lines.push(l))).status).toBe('built');
    await writeFile(join(root, 'docs', 'broken.pdf'), 'not a pdf');
    expect((await ensureSite(env, root, (l) => lines.push(l))).status).toBe('failed');
    expect(lines.at(-1)).toMatch(/were not built, so none are served:\nbroken\.pdf could not be read as a PDF/);
    expect(await exists(join(root, 'site', 'manifest.json'))).toBe(false);
  });
});
