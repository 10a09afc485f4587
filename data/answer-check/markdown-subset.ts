/**
 * A small, safe markdown subset for LLM answers, parsed to a plain tree (no DOM, no HTML).
 * Blocks: paragraphs, headings, bullet and numbered lists, block quotes, fenced code.
 * Inlines: **strong**, *em*, `code`, [links](https://quran.com/…) (quran.com only; any other
 * URL keeps its label as plain text), verse citations `[2:153]`, `[2:153-157]`,
 * `[2:153, 3:200]`, `(2:153)`, site passage citations `[site:3]`, and quoted spans ("…", “…”, «…», ﴿…﴾) so quotes of verses can
 * be checked. Everything else, including raw HTML like `<img onerror=…>`, stays literal text:
 * the renderer only ever creates text nodes and a fixed set of elements from this tree.
 *
 * The answer is untrusted and parsed again as it streams, so the parser runs in linear time
 * on any input: hand-written scanners instead of backtracking patterns, bounded whitespace
 * inside constructs, each closer searched for once (forward-search.ts), and at most
 * MAX_ANSWER_CHARS characters parsed.
 */
import { CHAT_LIMITS } from '../contracts/chat-request.js';
import { scanCitationGroup } from './citation-group.js';
import { scanArabicCitation, type SurahNamed } from './arabic-citation.js';
import { scanSiteCitation } from './site-citation.js';
import { forwardIndexOf, rememberForward, type ForwardSearch } from './forward-search.js';
import { answerLinkHref, scanLinkDestination, type LinkDestination } from './markdown-link.js';
import { isSpace } from './whitespace.js';

export interface CitationNode {
  readonly type: 'citation';
  /** The characters as written, e.g. `[2:153]`. */
  readonly raw: string;
  readonly surah: number;
  readonly from: number;
  readonly to: number;
}

/** A citation of one of the mosque's own passages, `[site:3]`: its number in the site artefact. */
export interface SiteCitationNode {
  readonly type: 'site-citation';
  /** The characters as written, e.g. `[site:3]`. */
  readonly raw: string;
  readonly id: number;
}

export type QuoteMark = '"' | '“' | '«' | '﴿' | '﴾';

export type InlineNode =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'strong'; readonly children: readonly InlineNode[] }
  | { readonly type: 'em'; readonly children: readonly InlineNode[] }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly InlineNode[] }
  | { readonly type: 'quote'; readonly mark: QuoteMark; readonly children: readonly InlineNode[] }
  | CitationNode
  | SiteCitationNode;

export type BlockNode =
  | { readonly type: 'paragraph'; readonly children: readonly InlineNode[] }
  | { readonly type: 'heading'; readonly children: readonly InlineNode[] }
  | { readonly type: 'list'; readonly ordered: boolean; readonly items: readonly (readonly InlineNode[])[] }
  | { readonly type: 'blockquote'; readonly children: readonly InlineNode[] }
  | { readonly type: 'code-block'; readonly text: string }
  /** The answer went on past MAX_ANSWER_CHARS: the rest is not shown (a visible note says so). */
  | { readonly type: 'cut'; readonly omittedChars: number };

/**
 * Characters of an answer that are parsed and shown (`CHAT_LIMITS.maxAnswerChars`). The rest is
 * cut, not shown as plain text: unparsed text would carry citations and quotes nobody checked,
 * and the note says the answer was cut.
 */
export const MAX_ANSWER_CHARS = CHAT_LIMITS.maxAnswerChars;
/** How far back from the limit the cut looks for a line break or space to end on. */
const CUT_LOOKBACK = 200;

export interface ParseAnswerOptions {
  /** Characters parsed; the rest is cut and a `cut` block ends the tree. Default MAX_ANSWER_CHARS. */
  readonly maxChars?: number;
  /**
   * The surah a name as written names (`Corpus.surahNumberForName`): with it, references written the
   * Arabic way («(البقرة: 153)», «سورة البقرة، الآية 153») are citations too, checked like `[2:153]`.
   */
  readonly surahNamed?: SurahNamed;
}

/** Parse the whole answer (also called on partial text while it streams). */
export function parseAnswerMarkdown(source: string, options: ParseAnswerOptions = {}): BlockNode[] {
  const shown = answerShown(source, options.maxChars ?? MAX_ANSWER_CHARS);
  const lines = shown.replace(/\r\n?|[\u2028\u2029]/g, '\n').split('\n');
  const blocks: BlockNode[] = [];
  const budget: FormatBudget = {
    left: MAX_FORMATTED_ELEMENTS,
    citations: MAX_CITATION_ELEMENTS,
    ...(options.surahNamed ? { surahNamed: options.surahNamed } : {}),
  };
  let i = 0;
  let items = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    // Past the blocks one answer may make, the rest is one paragraph of plain text.
    if (blocks.length + items >= MAX_ANSWER_BLOCKS) {
      const rest = lines
        .slice(i)
        .map((l) => l.trim())
        .filter(Boolean)
        .join(' ');
      if (rest) blocks.push({ type: 'paragraph', children: [{ type: 'text', text: rest }] });
      break;
    }
    if (line.trim() === '') {
      i++;
      continue;
    }
    const fence = fenceOf(line);
    if (fence) {
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence)) body.push(lines[i++]!);
      i++;
      blocks.push({ type: 'code-block', text: body.join('\n') });
      continue;
    }
    const heading = headingText(line);
    if (heading !== undefined) {
      blocks.push({ type: 'heading', children: parseInline(heading, 0, budget) });
      i++;
      continue;
    }
    if (quoteLineText(line) !== undefined) {
      const body: string[] = [];
      for (; i < lines.length; i++) {
        const text = quoteLineText(lines[i]!);
        if (text === undefined) break;
        body.push(text);
      }
      blocks.push({ type: 'blockquote', children: parseInline(body.join(' ').trim(), 0, budget) });
      continue;
    }
    const listItem = bulletText(line) !== undefined ? bulletText : numberedText(line) !== undefined ? numberedText : undefined;
    if (listItem) {
      const listItems: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '') {
        const item = listItem(lines[i]!);
        if (item !== undefined && blocks.length + items + listItems.length >= MAX_ANSWER_BLOCKS) break;
        if (item !== undefined) listItems.push(item);
        else if (listItems.length > 0 && isSpace(lines[i]![0])) listItems[listItems.length - 1] += ` ${lines[i]!.trim()}`;
        else break;
        i++;
      }
      items += listItems.length;
      blocks.push({ type: 'list', ordered: listItem === numberedText, items: listItems.map((t) => parseInline(t.trim(), 0, budget)) });
      continue;
    }
    const body: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && !(body.length > 0 && startsBlock(lines[i]!))) {
      body.push(lines[i++]!.trim());
    }
    blocks.push({ type: 'paragraph', children: parseInline(body.join(' '), 0, budget) });
  }
  if (shown.length < source.length) blocks.push({ type: 'cut', omittedChars: source.length - shown.length });
  return blocks;
}

/** The part of the answer that is parsed: all of it, or up to a break near `maxChars`. */
function answerShown(source: string, maxChars: number): string {
  if (source.length <= maxChars) return source;
  let end = maxChars;
  const lineBreak = source.lastIndexOf('\n', end);
  const space = source.lastIndexOf(' ', end);
  if (lineBreak > end - CUT_LOOKBACK) end = lineBreak;
  else if (space > end - CUT_LOOKBACK) end = space;
  // Never split a surrogate pair (half an emoji or a rare letter).
  const last = source.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end--;
  return source.slice(0, end);
}

// ---- block starts: each reads one line left to right, with no backtracking ----

/** Index after up to three leading whitespace characters (markdown's allowed indent). */
function indentEnd(line: string): number {
  let i = 0;
  while (i < 3 && isSpace(line[i])) i++;
  return i;
}

/** Index of the first non-whitespace character at or after `at`. */
function skipSpaces(line: string, at: number): number {
  let i = at;
  while (isSpace(line[i])) i++;
  return i;
}

function fenceOf(line: string): '```' | '~~~' | undefined {
  const at = indentEnd(line);
  if (line.startsWith('```', at)) return '```';
  if (line.startsWith('~~~', at)) return '~~~';
  return undefined;
}

/** `## Title ##` → `Title`: one to six `#`, whitespace, the text without closing `#`s. */
function headingText(line: string): string | undefined {
  let at = indentEnd(line);
  const hashesFrom = at;
  while (line[at] === '#') at++;
  const hashes = at - hashesFrom;
  if (hashes < 1 || hashes > 6 || !isSpace(line[at])) return undefined;
  const start = skipSpaces(line, at);
  let end = line.length;
  while (end > start && isSpace(line[end - 1])) end--;
  while (end > start && line[end - 1] === '#') end--;
  while (end > start && isSpace(line[end - 1])) end--;
  return line.slice(start, end);
}

/** `> text` → `text` (one optional space after `>` is dropped). */
function quoteLineText(line: string): string | undefined {
  let at = indentEnd(line);
  if (line[at] !== '>') return undefined;
  at++;
  if (isSpace(line[at])) at++;
  return line.slice(at);
}

/** `- item`, `* item`, `+ item` → `item`. */
function bulletText(line: string): string | undefined {
  const at = indentEnd(line);
  const marker = line[at];
  if ((marker !== '-' && marker !== '*' && marker !== '+') || !isSpace(line[at + 1])) return undefined;
  return line.slice(skipSpaces(line, at + 1));
}

/** `1. item`, `12) item` → `item` (one to three digits). */
function numberedText(line: string): string | undefined {
  const from = indentEnd(line);
  let at = from;
  while (at - from <= 3 && line[at] !== undefined && line[at]! >= '0' && line[at]! <= '9') at++;
  const digits = at - from;
  if (digits < 1 || digits > 3 || (line[at] !== '.' && line[at] !== ')') || !isSpace(line[at + 1])) return undefined;
  return line.slice(skipSpaces(line, at + 1));
}

/** Does this line start a block other than a paragraph (so it ends the paragraph before it)? */
function startsBlock(line: string): boolean {
  return (
    headingText(line) !== undefined ||
    quoteLineText(line) !== undefined ||
    bulletText(line) !== undefined ||
    numberedText(line) !== undefined ||
    fenceOf(line) !== undefined
  );
}

// ---- inlines ----

const CLOSING: Readonly<Record<QuoteMark, string>> = { '"': '"', '“': '”', '«': '»', '﴿': '﴾', '﴾': '﴿' };
const QUOTE_MARKS: ReadonlySet<string> = new Set(Object.keys(CLOSING));
/** Every ASCII character an inline element or escape can start with. */
const ASCII_STARTS = new Uint8Array(128);
for (const ch of '\\[(`*_"') ASCII_STARTS[ch.charCodeAt(0)] = 1;
/**
 * Whether an inline element, escape or reference may start at a character (`س` starts
 * «سورة البقرة»). Looking at every character as a string made a 20,000-character answer's parse take 20 ms.
 */
function mayStart(code: number): boolean {
  return code < 128 ? ASCII_STARTS[code] === 1 : code === 0x201c || code === 0xab || code === 0xfd3f || code === 0xfd3e || code === 0x0633;
}
const MAX_DEPTH = 8;
const ESCAPABLE = new Set(['\\', '`', '*', '_', '[', ']', '(', ')', '"', '#', '>', '+', '-', '.', '!', '<']);
/** `_` opens emphasis only after one of these (not inside snake_case or window.__x). */
const BEFORE_UNDERSCORE_EMPHASIS = /[\s(["'“«*]/u;

/**
 * Where the emphasis opened with `marker` closes, searching from `from`: the next `**` for
 * `**`; for a single `*`, the end of the next run of an odd number of `*` (so `**` never
 * closes a single `*`, and `***` does).
 */
function emphasisCloser(text: string, ch: '*' | '_', double: boolean): ForwardSearch {
  if (double) return rememberForward((from) => text.indexOf(ch + ch, from));
  return rememberForward((from) => {
    let at = text.indexOf(ch, from);
    while (at !== -1) {
      let end = at;
      while (text[end] === ch) end++;
      if ((end - at) % 2 === 1) return end - 1;
      at = text.indexOf(ch, end);
    }
    return -1;
  });
}

/**
 * Formatting elements (emphasis, strong, quotes, links) one answer may make; past it, markers stay
 * literal text. An honest answer has a few dozen; 20,000 characters of unclosed `*"“«﴿_` made
 * thousands, and rendering them blocked the page for about 190 ms per pass.
 */
export const MAX_FORMATTED_ELEMENTS = 400;

/**
 * Citations one answer may make, each a link with its verse's preview (several elements): an
 * honest answer cites a dozen verses; 2,857 repeated `[2:153]` made 19,000 elements and blocked
 * the page for 2 s on each streamed chunk. Past it a citation stays text, linked to nothing.
 */
export const MAX_CITATION_ELEMENTS = 100;

/**
 * Blocks (paragraphs, headings, quotes, list items) one answer may make; past it the rest is one
 * paragraph of plain text. 20,000 characters of blank-line-separated words made 10,000 paragraphs.
 */
export const MAX_ANSWER_BLOCKS = 200;

const ARABIC_LETTER = /[\u0621-\u064A\u0671-\u06D3]/;

/** How many formatting elements the answer being parsed may still make (shared by every block of one parse). */
interface FormatBudget {
  left: number;
  /** Citations (of verses and of the mosque's passages) one answer may still make; past it they stay text. */
  citations: number;
  /** Reads Arabic-style references when set (`ParseAnswerOptions.surahNamed`). */
  readonly surahNamed?: SurahNamed;
}

/** Parse inline markdown; unmatched markers stay literal. Linear in the length of `text`. */
export function parseInline(text: string, depth = 0, budget: FormatBudget = { left: MAX_FORMATTED_ELEMENTS, citations: MAX_CITATION_ELEMENTS }): InlineNode[] {
  const out: InlineNode[] = [];
  const find = forwardIndexOf(text);
  const closers = new Map<string, ForwardSearch>();
  const closerOf = (ch: '*' | '_', double: boolean): ForwardSearch => {
    const key = double ? ch + ch : ch;
    let search = closers.get(key);
    if (!search) closers.set(key, (search = emphasisCloser(text, ch, double)));
    return search;
  };
  // Many `[` can share one `]`: its destination is read once.
  let destinationAt = -1;
  let destination: LinkDestination | undefined;
  const destinationOf = (at: number): LinkDestination | undefined => {
    if (at !== destinationAt) {
      destinationAt = at;
      destination = scanLinkDestination(text, at);
    }
    return destination;
  };

  // Plain text is taken as slices of `text` (from `plainFrom` up to the current position),
  // never appended one character at a time.
  let pieces: string[] = [];
  let plainFrom = 0;
  let i = 0;
  const flush = (): void => {
    pieces.push(text.slice(plainFrom, i));
    const plain = pieces.join('');
    if (plain) out.push({ type: 'text', text: plain });
    pieces = [];
  };
  const push = (node: InlineNode): void => {
    flush();
    out.push(node);
  };
  const skipTo = (end: number): void => {
    i = end;
    plainFrom = end;
  };
  while (i < text.length) {
    // Plain text up to the next character that may start something is skipped by its code alone.
    while (i < text.length && !mayStart(text.charCodeAt(i))) i++;
    if (i === text.length) break;
    const ch = text[i]!;
    if (ch === '\\' && ESCAPABLE.has(text[i + 1]!)) {
      pieces.push(text.slice(plainFrom, i), text[i + 1]!);
      skipTo(i + 2);
      continue;
    }
    if (ch === '[' && budget.citations > 0) {
      const site = scanSiteCitation(text, i);
      if (site) {
        const raw = text.slice(i, site.end);
        for (const id of site.ids) push({ type: 'site-citation', raw: site.ids.length === 1 ? raw : `[site:${id}]`, id });
        budget.citations -= site.ids.length;
        skipTo(site.end);
        continue;
      }
    }
    if ((ch === '[' || ch === '(') && budget.citations > 0) {
      const group = scanCitationGroup(text, i);
      if (group) {
        let end = group.end;
        // `[2:153](https://quran.com/2/153)`: the model's own URL is ignored; we link ourselves.
        if (ch === '[') end = destinationOf(end)?.end ?? end;
        if (group.refs.length === 1) {
          const r = group.refs[0]!;
          push({ type: 'citation', raw: text.slice(i, group.end), surah: r.surah, from: r.from, to: r.to });
        } else {
          for (const r of group.refs) push({ type: 'citation', raw: r.raw, surah: r.surah, from: r.from, to: r.to });
        }
        budget.citations -= group.refs.length;
        skipTo(end);
        continue;
      }
    }
    // «(البقرة: 153)», «[البقرة 153]», «سورة البقرة، الآية 153»: a reference written the Arabic way.
    if (budget.surahNamed && budget.citations > 0 && (ch === '(' || ch === '[' || (ch === 'س' && (i === 0 || !ARABIC_LETTER.test(text[i - 1]!))))) {
      const arabic = scanArabicCitation(text, i, budget.surahNamed);
      if (arabic) {
        push({ type: 'citation', raw: text.slice(i, arabic.end), surah: arabic.surah, from: arabic.from, to: arabic.to });
        budget.citations--;
        skipTo(arabic.end);
        continue;
      }
    }
    if (ch === '[' && depth < MAX_DEPTH && budget.left > 0) {
      const close = find(']', i + 1);
      const lineBreak = close === -1 ? -1 : find('\n', i + 1);
      const dest = close !== -1 && (lineBreak === -1 || lineBreak > close) && text[close + 1] === '(' ? destinationOf(close + 1) : undefined;
      if (dest) {
        const href = answerLinkHref(dest.url);
        budget.left--;
        const children = parseInline(text.slice(i + 1, close), depth + 1, budget);
        if (href) push({ type: 'link', href, children });
        else {
          flush();
          out.push(...children);
        }
        skipTo(dest.end);
        continue;
      }
    }
    if (ch === '`' && budget.left > 0) {
      const end = find('`', i + 1);
      if (end > i + 1) {
        budget.left--;
        push({ type: 'code', text: text.slice(i + 1, end) });
        skipTo(end + 1);
        continue;
      }
    }
    if ((ch === '*' || ch === '_') && depth < MAX_DEPTH && budget.left > 0) {
      const double = text[i + 1] === ch;
      const start = i + (double ? 2 : 1);
      const wordInside = ch === '_' && i > 0 && !BEFORE_UNDERSCORE_EMPHASIS.test(text[i - 1]!);
      const end = wordInside ? -1 : closerOf(ch, double)(start);
      if (end > start && !isSpace(text[start]) && !isSpace(text[end - 1])) {
        budget.left--;
        push({ type: double ? 'strong' : 'em', children: parseInline(text.slice(start, end), depth + 1, budget) });
        skipTo(end + (double ? 2 : 1));
        continue;
      }
    }
    if (QUOTE_MARKS.has(ch) && depth < MAX_DEPTH && budget.left > 0) {
      const mark = ch as QuoteMark;
      const end = find(CLOSING[mark], i + 1);
      if (end > i + 1) {
        budget.left--;
        push({ type: 'quote', mark, children: parseInline(text.slice(i + 1, end), depth + 1, budget) });
        skipTo(end + 1);
        continue;
      }
    }
    i++;
  }
  flush();
  return out;
}

/** Plain text of inline nodes (citations as written), for quote checks and the answer event. */
export function inlineText(nodes: readonly InlineNode[]): string {
  return nodes
    .map((n) => {
      switch (n.type) {
        case 'text':
        case 'code':
          return n.text;
        case 'citation':
        case 'site-citation':
          return n.raw;
        case 'quote':
          return `${n.mark}${inlineText(n.children)}${CLOSING[n.mark]}`;
        default:
          return inlineText(n.children);
      }
    })
    .join('');
}
