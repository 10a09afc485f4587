import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GEMINI_TEST_INDEX } from '../testing/index-manifest-fixture.js';
import { IndexLocatorError, locateIndex } from './index-locator.js';

let root: string;
const manifest = (id: string, embedder = 'gemini') =>
  JSON.stringify({
    ...GEMINI_TEST_INDEX,
    id,
    version: 'v',
    embedder,
    model: 'm',
    corpusVersion: 'c',
    files: [{ path: 'vectors.0123456789.bin', bytes: 1, gzipBytes: 1, sha256: 'a'.repeat(64) }],
  });

async function index(dir: string, id: string, json = manifest(id)) {
  await mkdir(join(root, dir, id), { recursive: true });
  await writeFile(join(root, dir, id, 'manifest.json'), json);
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'quran-dai-index-locator-'));
  await index('one', 'gemini-embedding-001-8');
  await mkdir(join(root, 'one', 'not-an-index'));
  await index('two', 'a-8');
  await index('two', 'b-8', manifest('b-8', 'local'));
  await index('bad', 'x-8', manifest('y-8'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('when INDEX_ID is empty', () => {
  it('should pick the only index and ignore folders without a manifest', async () => {
    expect((await locateIndex(join(root, 'one'), ''))?.id).toBe('gemini-embedding-001-8');
  });
  it('should serve none when INDEX_DIR does not exist', async () => {
    expect(await locateIndex(join(root, 'missing'), '')).toBeNull();
  });
  it('should refuse to guess between several indexes', async () => {
    await expect(locateIndex(join(root, 'two'), '')).rejects.toThrow('several vector indexes in');
    await expect(locateIndex(join(root, 'two'), '')).rejects.toThrow('(a-8, b-8); set INDEX_ID');
  });
});

describe('when INDEX_ID is set', () => {
  it('should load that index', async () => {
    expect(await locateIndex(join(root, 'two'), 'b-8')).toMatchObject({ id: 'b-8', embedder: 'local' });
  });
  it('should say how to fix a missing or mislabelled index', async () => {
    await expect(locateIndex(join(root, 'two'), 'c-8')).rejects.toThrow(IndexLocatorError);
    await expect(locateIndex(join(root, 'two'), 'c-8')).rejects.toThrow(/INDEX_ID=c-8 but there is no .*manifest\.json; build it/);
    await expect(locateIndex(join(root, 'bad'), 'x-8')).rejects.toThrow('says its id is "y-8", not "x-8"');
  });
});

describe('when INDEX_ID is none', () => {
  it('should serve no index (keyword search only), even where one exists', async () => {
    expect(await locateIndex(join(root, 'one'), 'none')).toBeNull();
  });
});
