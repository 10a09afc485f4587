import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeCorpus } from './build-corpus.js';

describe('when building the corpus twice', () => {
  it('should write byte-identical files and manifest', async () => {
    const a = await mkdtemp(join(tmpdir(), 'corpus-a-'));
    const b = await mkdtemp(join(tmpdir(), 'corpus-b-'));
    const builtA = await writeCorpus(a);
    await writeCorpus(b);
    const filesA = (await readdir(a)).sort();
    expect(filesA).toEqual((await readdir(b)).sort());
    for (const f of filesA) expect((await readFile(join(a, f))).equals(await readFile(join(b, f))), f).toBe(true);
    const manifest = JSON.parse(await readFile(join(a, 'manifest.json'), 'utf8'));
    expect(manifest.version).toBe(builtA.manifest.version);
    // Surahs, Arabic, 11 translation tracks (transliteration included), the Arabic and Indonesian
    // explanations; the Arabic search text is made from the Arabic where it is read.
    expect(manifest.files.length).toBe(15);
    expect(manifest.files.map((f: { part: string }) => f.part)).toEqual(expect.arrayContaining(['explanation-ar', 'explanation-id']));
    expect(filesA).toContain('ATTRIBUTION.md');
    expect(filesA).toContain('LICENSE-quran-json.txt');
    for (const f of manifest.files) expect(f.gzipBytes).toBeLessThan(f.bytes);
    // The Arabic explanation carries the search words drawn from four medieval commentaries, with their source; the Indonesian none.
    const part = (p: string) => JSON.parse(new TextDecoder().decode(built(p)));
    const built = (p: string) => builtA.files.find((f) => f.part === p)!.bytes;
    expect(part('explanation-ar').searchTerms).toHaveLength(6236);
    expect(part('explanation-id').searchTerms).toBeUndefined();
    expect(manifest.sources.map((s: { id: string }) => s.id)).toContain('search-terms-ar');
    expect(await readFile(join(a, 'ATTRIBUTION.md'), 'utf8')).toMatch(/Search words from four medieval tafsirs/);
  });
});
