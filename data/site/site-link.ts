/**
 * Where a site passage lives on the mosque's own website: `<base>/<doc>#<anchor>` for a page
 * (the Markdown or text file's slug, as static site generators publish it), `<base>/<file>#page=N`
 * for a PDF (published as the file). Only http(s) bases give links, so a site setting can never
 * turn a result into `javascript:`.
 */
import type { SiteChunk, SiteDocumentInfo } from './site-types.js';

export function siteDocumentHref(
  baseUrl: string | undefined,
  doc: Pick<SiteDocumentInfo, 'doc' | 'source'>,
  chunk: Pick<SiteChunk, 'anchor'>,
): string | undefined {
  if (!baseUrl) return undefined;
  let base: URL;
  try {
    base = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (base.protocol !== 'https:' && base.protocol !== 'http:') return undefined;
  const path = doc.source.toLowerCase().endsWith('.pdf') ? doc.source.split('/').map(encodeURIComponent).join('/') : encodeURIComponent(doc.doc);
  const root = base.href.replace(/[?#].*$/, '').replace(/\/+$/, '');
  return `${root}/${path}${chunk.anchor ? `#${chunk.anchor.startsWith('page=') ? chunk.anchor : encodeURIComponent(chunk.anchor)}` : ''}`;
}
