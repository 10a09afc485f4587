import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useFakeDataPage } from '../testing/fake-data-page.js';
import { STUB_DATA_BASE } from '../testing/data-fetch-stub.js';
import { pageSiteCachePort } from './site-cache-port.js';
import { buildDemoSite, type DemoSite } from '../../scripts/site-build/demo-site.js';
import { loadSiteData } from './load-site-data.js';
import { openSiteKnowledge } from './open-site-knowledge.js';

const page = useFakeDataPage();
let demo: DemoSite;
beforeAll(async () => {
  demo = await buildDemoSite();
});

function serveSite(): void {
  for (const [name, bytes] of Object.entries(demo.files)) page.stub.files.set(`site/${name}`, bytes);
}
const load = () => loadSiteData({ manifestUrl: `${STUB_DATA_BASE}/site/manifest.json`, cache: pageSiteCachePort() });

describe('when the proxy serves site documents', () => {
  it('should download, verify and return the chunks', async () => {
    serveSite();
    const site = await load();
    expect(site!.manifest.version).toBe(demo.site.manifest.version);
    expect(site!.chunks).toEqual(demo.site.chunks);
    expect(page.stub.dataRequests()).toEqual([`${STUB_DATA_BASE}/site/${demo.site.manifest.files[0]!.path}`]);
  });

  it('should read them from IndexedDB on the next visit, fetching only the manifest', async () => {
    serveSite();
    await load();
    page.reload();
    const site = await load();
    expect(site!.chunks.length).toBe(demo.site.chunks.length);
    expect(page.stub.dataRequests()).toEqual([]);
  });

  it('should use the stored version when offline', async () => {
    serveSite();
    await load();
    page.reload();
    page.stub.offline = true;
    expect((await load())!.manifest.version).toBe(demo.site.manifest.version);
  });

  it('should refuse a chunks file that does not match its sha256, and say which', async () => {
    serveSite();
    const path = `site/${demo.site.manifest.files[0]!.path}`;
    const bytes = page.stub.files.get(path)!.slice();
    bytes[20] = bytes[20]! ^ 1;
    page.stub.files.set(path, bytes);
    await expect(load()).rejects.toThrow(`${demo.site.manifest.files[0]!.path} failed its integrity check`);
  });
});

describe('when the manifest is not there and nothing is stored', () => {
  it('should fail with the reason', async () => {
    await expect(load()).rejects.toThrow(/404/);
  });
});

describe('when the page opens the documents', () => {
  const url = `${STUB_DATA_BASE}/site/manifest.json`;
  async function open(version: string) {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    try {
      const site = await openSiteKnowledge(url, version, pageSiteCachePort());
      return { site, warnings: warn.mock.calls.map((c) => String(c[0])) };
    } finally {
      warn.mockRestore();
    }
  }

  it('should use the version the proxy answers from', async () => {
    serveSite();
    const { site, warnings } = await open(demo.site.manifest.version);
    expect([site!.version, warnings]).toStrictEqual([demo.site.manifest.version, []]);
  });

  it('should leave out a copy of another version and say once how to update it', async () => {
    serveSite();
    expect(await open('a-newer-build')).toStrictEqual({
      site: null,
      warnings: [
        `quran-dai: the mosque's documents at ${url} are version ${demo.site.manifest.version}, but the proxy answers from version a-newer-build; run npm run export:static and upload its output again (docs/deploy.md); answers use the Quran alone`,
      ],
    });
  });

  it('should say it once per page, however many widgets the page has', async () => {
    serveSite();
    const second = await open('another-build');
    const third = await open('another-build');
    expect([second.warnings.length, third.warnings.length, third.site]).toStrictEqual([1, 0, null]);
  });

  it('should say once why the documents could not be loaded, naming the manifest', async () => {
    const { site, warnings } = await open('v');
    expect(site).toBeNull();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(
      new RegExp(
        `^quran-dai: the mosque's documents were not loaded from ${url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(.*404.*\\); answers use the Quran alone$`,
      ),
    );
  });
});
