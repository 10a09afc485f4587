import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ADR_DIR } from '../build-adr-index.js';
import { adrIndexMarkdown, readAdr, readAdrs } from './adr-index.js';

describe('when an ADR is read', () => {
  it('should take its number, title and status line', () => {
    expect(readAdr('0099-x.md', '# 0099: Fewer bytes\n\nStatus: accepted (amends ADR 0031)\n\n## Context\n')).toStrictEqual({
      file: '0099-x.md',
      title: '0099: Fewer bytes',
      status: 'accepted (amends ADR 0031)',
    });
    expect(readAdr('0099-x.md', '# ADR 0099: Fewer bytes\n\n## Context\n')).toStrictEqual({ file: '0099-x.md', title: '0099: Fewer bytes', status: undefined });
    expect(() => readAdr('0099-x.md', 'Fewer bytes')).toThrow(/no "# NNNN: Title" heading/);
  });
});

describe('when the ADR index is compared with the ADRs', () => {
  it('should give every ADR a status', async () => {
    const entries = await readAdrs(ADR_DIR);
    expect(entries.length).toBeGreaterThan(30);
    expect(entries.filter((e) => !e.status).map((e) => e.file)).toStrictEqual([]);
  });

  it('should be the index they make (npm run build:adr-index)', async () => {
    const committed = await readFile(join(ADR_DIR, 'README.md'), 'utf8');
    expect(committed === adrIndexMarkdown(await readAdrs(ADR_DIR)), 'docs/adr/README.md is behind the ADRs: run npm run build:adr-index').toBe(true);
  });
});
