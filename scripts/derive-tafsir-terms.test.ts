import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readCommentaries } from './derive-tafsir-terms.js';

/** A checkout holding Ibn Kathir's surah 1 as one file and al-Tabari's as one file per verse; the other two works absent. */
async function checkout(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'tafsir-api-'));
  await mkdir(join(root, 'tafsir', 'ar-tafsir-ibn-kathir'), { recursive: true });
  // A passage on verses 1-2 is repeated on each: it must count once, for verse 1.
  const ayahs = [
    { surah: 1, ayah: 2, text: 'على الآيتين' },
    { surah: 1, ayah: 1, text: 'على الآيتين' },
    { surah: 1, ayah: 3, text: 'الثالثة' },
  ];
  await writeFile(join(root, 'tafsir', 'ar-tafsir-ibn-kathir', '1.json'), JSON.stringify({ ayahs }));
  await mkdir(join(root, 'tafsir', 'ar-tafsir-al-tabari', '1'), { recursive: true });
  for (const a of [1, 2, 3])
    await writeFile(join(root, 'tafsir', 'ar-tafsir-al-tabari', '1', `${a}.json`), JSON.stringify({ surah: 1, ayah: a, text: `طبري ${a}` }));
  return root;
}

describe('when the commentaries are read from a checkout of the collection', () => {
  it('should give each verse its passages once, reading a surah from its one-verse files when its file is absent, and list what is missing', async () => {
    const { texts, missing } = await readCommentaries(await checkout(), [3]);
    expect(texts).toEqual([['على الآيتين', 'طبري 1'], ['طبري 2'], ['الثالثة', 'طبري 3']]);
    expect(missing).toEqual(['ar-tafsir-al-baghawi/1.json', 'ar-tafseer-al-qurtubi/1.json']);
  });
  it('should refuse a passage filed under a verse the surah does not have', async () => {
    const root = await checkout();
    await writeFile(join(root, 'tafsir', 'ar-tafsir-ibn-kathir', '1.json'), JSON.stringify({ ayahs: [{ surah: 1, ayah: 9, text: 'x' }] }));
    await expect(readCommentaries(root, [3])).rejects.toThrow(/1\.json: verse 1:9 is not in surah 1/);
  });
});
