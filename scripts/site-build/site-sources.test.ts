import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readSiteSources, SiteSourceError, decodeUtf8 } from './site-sources.js';
import { testPdf } from './test-pdf.js';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'site-src-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function problems(options = {}): Promise<readonly string[]> {
  try {
    await readSiteSources(dir, options);
  } catch (e) {
    if (e instanceof SiteSourceError) return e.problems;
    throw e;
  }
  throw new Error('expected a SiteSourceError');
}

describe('when the folder holds Markdown, text and PDF', () => {
  it('should read each in sorted order with its title and sections', async () => {
    await writeFile(join(dir, 'b-times.md'), "# Opening times\n\n## Jumu'ah\n\nKhutbah at 1 pm.");
    await writeFile(join(dir, 'a-notes.txt'), 'Parking on Garden Lane.\n\nBus 12 stops outside.');
    await mkdir(join(dir, 'books'));
    await writeFile(join(dir, 'books', 'guide.pdf'), testPdf(['Wudu comes before prayer.', 'Second page text.'], 'Prayer guide'));
    await writeFile(join(dir, 'logo.png'), 'x');
    const { documents, ignored } = await readSiteSources(dir);
    expect(ignored).toEqual(['logo.png']);
    expect(documents.map((d) => [d.doc, d.title, d.source])).toEqual([
      ['a-notes', 'A notes', 'a-notes.txt'],
      ['b-times', 'Opening times', 'b-times.md'],
      ['books-guide', 'Prayer guide', 'books/guide.pdf'],
    ]);
    expect(documents[2]!.sections).toEqual([
      { headings: ['Page 1'], paragraphs: ['Wudu comes before prayer.'], anchor: 'page=1' },
      { headings: ['Page 2'], paragraphs: ['Second page text.'], anchor: 'page=2' },
    ]);
  });
});

describe('when the input is bad', () => {
  it('should name the empty folder and say what to put in it', async () => {
    expect(await problems()).toEqual([expect.stringMatching(/has no \.md, \.txt or \.pdf files; add the mosque's documents/)]);
  });

  it('should say the folder is missing', async () => {
    await expect(readSiteSources(join(dir, 'nope'))).rejects.toThrow(/does not exist or cannot be read; create it/);
  });

  it('should name an unreadable PDF', async () => {
    await writeFile(join(dir, 'broken.pdf'), 'this is not a pdf');
    expect(await problems()).toEqual([expect.stringMatching(/^broken\.pdf could not be read as a PDF \(.+\); export it again/)]);
  });

  it('should name a file over the size cap with its size and the setting to raise', async () => {
    await writeFile(join(dir, 'huge.md'), 'x'.repeat(3 * 1024 * 1024));
    expect(await problems({ maxFileBytes: 1024 * 1024 })).toEqual([
      'huge.md is 3.0 MB, over the 1.0 MB cap for one file; split it into smaller documents, or raise the cap with --max-file-mb / SITE_DOCS_MAX_FILE_MB',
    ]);
  });

  it('should name both files with a duplicate title', async () => {
    await writeFile(join(dir, 'faq.md'), '# FAQ\n\nOne.');
    await writeFile(join(dir, 'faq-old.md'), '# faq\n\nTwo.');
    expect(await problems()).toEqual([
      expect.stringMatching(/^faq\.md has the same title as faq-old\.md \("FAQ"\); give one of them a different first "# " heading/),
    ]);
  });

  it('should name a non-UTF-8 file and the offset of the bad byte', async () => {
    await writeFile(join(dir, 'latin1.txt'), Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x6f, 0x70, 0x65, 0x6e]));
    expect(await problems()).toEqual(['latin1.txt is not UTF-8 text (invalid byte at offset 3); open it and save it again as UTF-8']);
  });

  it('should report every problem at once', async () => {
    await writeFile(join(dir, 'a.pdf'), 'nope');
    await writeFile(join(dir, 'b.txt'), Buffer.from([0xff]));
    await expect(readSiteSources(dir)).rejects.toThrow(/^2 problems in the site documents:\n- a\.pdf .*\n- b\.txt /);
  });
});

describe('decodeUtf8', () => {
  it('should drop a BOM and accept Arabic', () => {
    expect(decodeUtf8(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('صبر')]))).toBe('صبر');
  });
});
