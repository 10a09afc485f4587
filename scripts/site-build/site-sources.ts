/**
 * The site owner's source folder → site documents. Markdown (`.md`, `.markdown`), plain text
 * (`.txt`) and PDF (`.pdf`), in subfolders too, read in sorted order so builds are
 * deterministic. Every problem is collected and reported together, each naming its file and
 * what to do, so one run shows everything to fix; nothing is silently skipped except hidden
 * files, and other file types are listed as ignored.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { SiteDocument } from '../../data/site/site-document.js';
import { fileSlug } from '../../data/site/heading-slug.js';
import { parseMarkdown, parsePlainText, type ParsedText } from '../../data/site/markdown-sections.js';
import { readPdfText } from './pdf-text.js';

export interface SiteSourceOptions {
  /** Largest file read, in bytes. Default 10 MB (a long book as PDF; split anything bigger). */
  readonly maxFileBytes: number;
}

export const DEFAULT_SITE_SOURCE_OPTIONS: SiteSourceOptions = { maxFileBytes: 10 * 1024 * 1024 };

export class SiteSourceError extends Error {
  override readonly name = 'SiteSourceError';
  constructor(readonly problems: readonly string[]) {
    super(problems.length === 1 ? problems[0]! : `${problems.length} problems in the site documents:\n- ${problems.join('\n- ')}`);
  }
}

export interface SiteSources {
  readonly documents: SiteDocument[];
  /** Files of other types, left out (relative paths). */
  readonly ignored: string[];
}

const MARKDOWN = new Set(['.md', '.markdown']);
const TEXT = new Set(['.txt']);
const PDF = new Set(['.pdf']);

export async function readSiteSources(dir: string, options: Partial<SiteSourceOptions> = {}): Promise<SiteSources> {
  const opts = { ...DEFAULT_SITE_SOURCE_OPTIONS, ...options };
  let files: string[];
  try {
    files = await listFiles(dir);
  } catch {
    throw new SiteSourceError([
      `the site documents folder ${dir} does not exist or cannot be read; create it and put the mosque's .md, .txt or .pdf files in it, or point --source / SITE_DOCS_DIR at the right folder`,
    ]);
  }
  const problems: string[] = [];
  const ignored: string[] = [];
  const documents: SiteDocument[] = [];
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  for (const file of files) {
    const source = relative(dir, file).split(sep).join('/');
    const ext = extname(file).toLowerCase();
    if (!MARKDOWN.has(ext) && !TEXT.has(ext) && !PDF.has(ext)) {
      ignored.push(source);
      continue;
    }
    const size = (await stat(file)).size;
    if (size > opts.maxFileBytes) {
      problems.push(
        `${source} is ${mb(size)}, over the ${mb(opts.maxFileBytes)} cap for one file; split it into smaller documents, or raise the cap with --max-file-mb / SITE_DOCS_MAX_FILE_MB`,
      );
      continue;
    }
    const bytes = new Uint8Array(await readFile(file));
    let parsed: ParsedText;
    if (PDF.has(ext)) {
      try {
        parsed = await readPdfText(bytes);
      } catch (e) {
        problems.push(
          `${source} could not be read as a PDF (${(e as Error).message}); export it again as a PDF from the original document, or save its text as .md or .txt`,
        );
        continue;
      }
      if (parsed.sections.length === 0) {
        problems.push(`${source} has no text layer (a scanned image?); run it through OCR, or save its text as .md or .txt`);
        continue;
      }
    } else {
      const text = decodeUtf8(bytes);
      if (typeof text !== 'string') {
        problems.push(`${source} is not UTF-8 text (invalid byte at offset ${text.offset}); open it and save it again as UTF-8`);
        continue;
      }
      parsed = MARKDOWN.has(ext) ? parseMarkdown(text) : parsePlainText(text);
      if (parsed.sections.length === 0) {
        problems.push(`${source} has no text; write something in it or remove it`);
        continue;
      }
    }
    const slugSource = source.replace(/\.[^./]+$/, '');
    documents.push({ doc: fileSlug(slugSource), title: parsed.title ?? titleFromFileName(source), source, sections: parsed.sections });
  }
  if (files.length === 0 || (documents.length === 0 && problems.length === 0)) {
    problems.push(
      `the site documents folder ${dir} has no .md, .txt or .pdf files${ignored.length ? ` (ignored: ${ignored.join(', ')})` : ''}; add the mosque's documents (opening times, classes, a visitors' FAQ) there and build again`,
    );
  }
  problems.push(
    ...duplicates(
      documents,
      (d) => d.title.toLowerCase(),
      (d, first) =>
        `${d.source} has the same title as ${first.source} ("${d.title}"); give one of them a different first "# " heading (or file name), so visitors can tell the two apart`,
    ),
  );
  problems.push(
    ...duplicates(
      documents,
      (d) => d.doc,
      (d, first) => `${d.source} and ${first.source} have the same name once made into a link ("${d.doc}"); rename one of the files`,
    ),
  );
  if (problems.length) throw new SiteSourceError(problems);
  return { documents, ignored };
}

function duplicates(docs: readonly SiteDocument[], key: (d: SiteDocument) => string, message: (d: SiteDocument, first: SiteDocument) => string): string[] {
  const seen = new Map<string, SiteDocument>();
  const out: string[] = [];
  for (const d of docs) {
    const first = seen.get(key(d));
    if (first) out.push(message(d, first));
    else seen.set(key(d), d);
  }
  return out;
}

/** Text of UTF-8 bytes (a leading BOM dropped), or where the first invalid byte is. */
export function decodeUtf8(bytes: Uint8Array): string | { offset: number } {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return { offset: firstInvalidUtf8(bytes) };
  }
}

/** Offset of the first byte that breaks UTF-8 (a linear scan). */
function firstInvalidUtf8(b: Uint8Array): number {
  let i = 0;
  while (i < b.length) {
    const c = b[i]!;
    const n = c < 0x80 ? 0 : c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : -1;
    if (n < 0) return i;
    for (let k = 1; k <= n; k++) if (i + k >= b.length || (b[i + k]! & 0xc0) !== 0x80) return i;
    i += n + 1;
  }
  return i;
}

function titleFromFileName(source: string): string {
  const name = source
    .split('/')
    .pop()!
    .replace(/\.[^.]+$/, '')
    .replace(/[-_]+/g, ' ')
    .trim();
  return name ? name[0]!.toUpperCase() + name.slice(1) : source;
}

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const e of entries) {
    if (e.name.startsWith('.')) continue;
    const path = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listFiles(path)));
    else if (e.isFile()) out.push(path);
  }
  return out;
}
