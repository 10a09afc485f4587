/**
 * PDF → title and one section per page, with unpdf (unjs; PDF.js's serverless build, no native
 * code, maintained, works in Node and edge runtimes). Each page's anchor is `page=N`, the
 * fragment every PDF viewer opens at that page.
 */
import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import type { SiteSection } from '../../data/site/site-document.js';
import { parsePlainText } from '../../data/site/markdown-sections.js';

export interface PdfText {
  readonly title: string | undefined;
  readonly sections: SiteSection[];
}

/** Throws (with PDF.js's reason) when the bytes are not a readable PDF. */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  // PDF.js takes ownership of the buffer it is given: hand it a copy.
  // verbosity 0: errors only. PDF.js's own warnings ("Indexing all PDF objects") mean nothing to a
  // site owner; a PDF that cannot be read still throws, and the build names the file.
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { verbosity: 0 });
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    const meta = await getMeta(pdf).catch(() => undefined);
    const rawTitle = (meta?.info as { Title?: unknown } | undefined)?.Title;
    const title = typeof rawTitle === 'string' && rawTitle.trim() ? rawTitle.trim() : undefined;
    const sections = text.flatMap((page, i) => {
      const { sections } = parsePlainText(page);
      const paragraphs = sections.flatMap((s) => s.paragraphs);
      return paragraphs.length ? [{ headings: [`Page ${i + 1}`], paragraphs, anchor: `page=${i + 1}` }] : [];
    });
    return { title, sections };
  } finally {
    // Frees PDF.js's page caches (unpdf's serverless build has no worker to destroy).
    await pdf.cleanup();
  }
}
