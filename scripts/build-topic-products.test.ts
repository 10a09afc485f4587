import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { copyTopicVectors } from './build-topic-products.js';

const dirs: string[] = [];
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

async function dirWith(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'quran-dai-topic-products-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) await writeFile(join(dir, name), text);
  return dir;
}

describe('when new topic vectors replace the shipped ones', () => {
  it('should copy the manifest and its vector file, remove the older vector file and leave the verse index alone', async () => {
    const made = await dirWith({ 'topics.json': 'new', 'topic-vectors.bbbb.bin': 'B', 'manifest.json': 'index', 'signs.1.bin': 's' });
    const shipped = await dirWith({ 'topics.json': 'old', 'topic-vectors.aaaa.bin': 'A', 'manifest.json': 'shipped index' });
    expect((await copyTopicVectors(made, shipped)).sort()).toStrictEqual(['topic-vectors.bbbb.bin', 'topics.json']);
    expect((await readdir(shipped)).sort()).toStrictEqual(['manifest.json', 'topic-vectors.bbbb.bin', 'topics.json']);
    expect(await readFile(join(shipped, 'topics.json'), 'utf8')).toBe('new');
    expect(await readFile(join(shipped, 'manifest.json'), 'utf8')).toBe('shipped index');
  });

  it('should refuse a folder where no topic vectors were made, changing nothing', async () => {
    const made = await dirWith({ 'manifest.json': 'index' });
    const shipped = await dirWith({ 'topics.json': 'old', 'topic-vectors.aaaa.bin': 'A' });
    await expect(copyTopicVectors(made, shipped)).rejects.toThrow(/no topics\.json in .*: the topic vectors were not made/);
    expect((await readdir(shipped)).sort()).toStrictEqual(['topic-vectors.aaaa.bin', 'topics.json']);
  });
});
