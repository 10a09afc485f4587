import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ensureCorpus } from './ensure-corpus.js';

const dir = await mkdtemp(join(tmpdir(), 'quran-dai-start-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('when npm start runs on a fresh clone', () => {
  it('should build the corpus once and leave it alone afterwards', async () => {
    const lines: string[] = [];
    expect(await ensureCorpus(dir, (l) => lines.push(l))).toBe('built');
    const manifest = JSON.parse(await readFile(join(dir, 'manifest.json'), 'utf8'));
    expect(manifest.verseCount).toBe(6236);
    expect(lines[0]).toContain('building the corpus');

    expect(await ensureCorpus(dir, (l) => lines.push(l))).toBe('present');
    expect(lines).toHaveLength(2);
  });
});
