import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDir } from './precompress-files.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'quran-dai-precompress-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const text = JSON.stringify({ texts: Array.from({ length: 400 }, (_, i) => `In the name of Allah, verse ${i}`) });

describe('precompressDir', () => {
  it('should write a brotli copy of each content-hashed file that decodes to the same bytes', async () => {
    await writeFile(join(dir, 'translation-en.b0e438b12e.json'), text);
    await writeFile(join(dir, 'manifest.json'), text);
    const report = await precompressDir(dir);
    expect(report.written).toEqual(['translation-en.b0e438b12e.json']);
    expect((await readdir(dir)).sort()).toEqual(['manifest.json', 'translation-en.b0e438b12e.json', 'translation-en.b0e438b12e.json.br']);
    const copy = await readFile(join(dir, 'translation-en.b0e438b12e.json.br'));
    expect(copy.byteLength).toBeLessThan(text.length / 5);
    expect(brotliDecompressSync(copy).toString()).toBe(text);
  });
  it('should keep an existing copy, skip bytes brotli cannot shrink, and drop copies whose file is gone', async () => {
    await writeFile(join(dir, 'arabic.54873aa99d.json'), text);
    await writeFile(join(dir, 'vectors.95acebca71c9d0e8.bin'), randomBytes(20_000));
    await writeFile(join(dir, 'arabic.0000000000.json.br'), 'stale');
    expect((await precompressDir(dir)).incompressible).toEqual(['vectors.95acebca71c9d0e8.bin']);
    const again = await precompressDir(dir);
    expect(again.present).toEqual(['arabic.54873aa99d.json']);
    expect(again.written).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(['arabic.54873aa99d.json', 'arabic.54873aa99d.json.br', 'vectors.95acebca71c9d0e8.bin']);
  });
});
