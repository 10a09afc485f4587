/**
 * Site documents → chunks of about 1,500 characters. A chunk ends on a paragraph boundary and
 * never crosses a heading, so every chunk has one heading path; a paragraph too long for a
 * chunk is cut at sentence ends (then word gaps). The next chunk under the same heading opens
 * with the last ~200 characters of the one before (from a sentence or word start), so a fact
 * cut at a boundary is still whole somewhere. Pure and deterministic: the same documents give
 * the same chunks, ids and keys, which is what lets a rebuild reuse unchanged chunks' vectors.
 */
import type { SiteChunk } from './site-types.js';
import type { SiteDocument } from './site-document.js';
import { uniqueSlugger } from './heading-slug.js';

export interface SiteChunkOptions {
  /** Longest chunk, in UTF-16 units. Default 1500. */
  readonly maxChars: number;
  /** Characters of the previous chunk repeated at the start of the next (same heading). Default 200. */
  readonly overlapChars: number;
}

export const DEFAULT_SITE_CHUNK_OPTIONS: SiteChunkOptions = { maxChars: 1500, overlapChars: 200 };

const PARAGRAPH_GAP = '\n\n';

/** Chunks of all documents, numbered 0.. in document order. */
export function chunkDocuments(docs: readonly SiteDocument[], options: Partial<SiteChunkOptions> = {}): SiteChunk[] {
  const opts = { ...DEFAULT_SITE_CHUNK_OPTIONS, ...options };
  if (!(opts.maxChars > 0 && opts.overlapChars >= 0 && opts.overlapChars * 2 <= opts.maxChars)) {
    throw new RangeError(`chunk options need maxChars > 0 and 0 <= overlapChars <= maxChars / 2 (got ${opts.maxChars}, ${opts.overlapChars})`);
  }
  const out: SiteChunk[] = [];
  for (const doc of docs) {
    const slug = uniqueSlugger();
    for (const section of doc.sections) {
      const heading = section.headings[section.headings.length - 1];
      const anchor = section.anchor ?? (heading === undefined ? '' : slug(heading));
      chunkSection(section.paragraphs, opts).forEach((text, n) => {
        out.push({ id: out.length, doc: doc.doc, title: doc.title, headings: section.headings, anchor, key: `${doc.doc}#${anchor}~${n}`, text });
      });
    }
  }
  return out;
}

/** The texts of one section's chunks. */
export function chunkSection(paragraphs: readonly string[], opts: SiteChunkOptions): string[] {
  // Pieces leave room for the overlap and its paragraph gap, so no chunk ever exceeds maxChars.
  const room = opts.maxChars - opts.overlapChars - PARAGRAPH_GAP.length;
  const pieces = paragraphs.flatMap((p) => splitLong(p, room));
  const chunks: string[] = [];
  let current = '';
  let fresh = false;
  for (const piece of pieces) {
    if (current && fresh && current.length + PARAGRAPH_GAP.length + piece.length > opts.maxChars) {
      chunks.push(current);
      current = overlapTail(current, opts.overlapChars);
      fresh = false;
    }
    current = current ? `${current}${PARAGRAPH_GAP}${piece}` : piece;
    fresh = true;
  }
  if (current && fresh) chunks.push(current);
  return chunks;
}

/** A paragraph cut into pieces of at most `max` characters, at sentence ends, else word gaps, else hard. */
export function splitLong(paragraph: string, max: number): string[] {
  const pieces: string[] = [];
  let rest = paragraph;
  while (rest.length > max) {
    const cut = lastBreak(rest, max);
    pieces.push(rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** Where to cut `text` so the first part has at most `max` characters. */
function lastBreak(text: string, max: number): number {
  let sentence = -1;
  let word = -1;
  for (let i = max; i > 0; i--) {
    const ch = text[i];
    if (ch === ' ' || ch === '\n' || ch === '\t') {
      if (word < 0) word = i;
      const prev = text[i - 1];
      if (prev === '.' || prev === '!' || prev === '?' || prev === '؟' || prev === '۔') {
        sentence = i;
        break;
      }
    }
  }
  // A sentence end far back would leave a tiny piece; take the word gap then.
  if (sentence > max / 2) return sentence;
  if (word > 0) return word;
  return max;
}

/** The last ≤ `max` characters of `text`, starting at a sentence start when there is one, else a word start. */
export function overlapTail(text: string, max: number): string {
  if (max === 0) return '';
  if (text.length <= max) return text;
  const from = text.length - max;
  let word = -1;
  for (let i = from; i < text.length; i++) {
    const ch = text[i];
    if (ch === ' ' || ch === '\n') {
      const prev = text[i - 1];
      if (prev === '.' || prev === '!' || prev === '?' || prev === '\n') return text.slice(i).trimStart();
      if (word < 0) word = i;
    }
  }
  return word < 0 ? '' : text.slice(word).trimStart();
}
