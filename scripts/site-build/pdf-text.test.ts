import { afterEach, describe, expect, it, vi } from 'vitest';
import { readPdfText } from './pdf-text.js';
import { testPdf } from './test-pdf.js';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('when a PDF with a damaged cross-reference table is read', () => {
  it("should read its text without printing PDF.js's own warnings to the site owner", async () => {
    // A PDF saved by a careless tool: the startxref offset points nowhere, so PDF.js rebuilds
    // the table and used to print "Warning: Indexing all PDF objects" in the middle of the build.
    const damaged = Buffer.from(testPdf(['Wudu comes before prayer.'], 'Prayer guide'))
      .toString('latin1')
      .replace(/startxref\s+\d+/, 'startxref\n9');
    const printed: string[] = [];
    for (const m of ['log', 'warn', 'info'] as const) vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    const pdf = await readPdfText(new Uint8Array(Buffer.from(damaged, 'latin1')));
    expect(pdf.sections.flatMap((s) => s.paragraphs)).toStrictEqual(['Wudu comes before prayer.']);
    expect(printed).toStrictEqual([]);
  });
});
