/**
 * A small, safe markdown subset for LLM answers, parsed to a plain tree (no DOM, no HTML).
 * Blocks: paragraphs, headings, bullet and numbered lists, block quotes, fenced code.
 * Inlines: **strong**, *em*, `code`, [links](https://…) (https only; anything else keeps
 * its label as text), verse citations `[2:153]`, `[2:153-157]`, `[2:153, 3:200]`,
 * `(2:153)`, and quoted spans ("…", “…”, «…», ﴿…﴾) so quotes of verses can be checked.
 * Everything else, including raw HTML like `<img onerror=…>`, stays literal text: the
 * renderer only ever creates text nodes and a fixed set of elements from this tree.
 */

export interface CitationNode {
  readonly type: 'citation';
  /** The characters as written, e.g. `[2:153]`. */
  readonly raw: string;
  readonly surah: number;
  readonly from: number;
  readonly to: number;
}

export type QuoteMark = '"' | '“' | '«' | '﴿' | '﴾';

export type InlineNode =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'strong'; readonly children: readonly InlineNode[] }
  | { readonly type: 'em'; readonly children: readonly InlineNode[] }
  | { readonly type: 'code'; readonly text: string }
  | { readonly type: 'link'; readonly href: string; readonly children: readonly InlineNode[] }
  | { readonly type: 'quote'; readonly mark: QuoteMark; readonly children: readonly InlineNode[] }
  | CitationNode;

export type BlockNode =
  | { readonly type: 'paragraph'; readonly children: readonly InlineNode[] }
  | { readonly type: 'heading'; readonly children: readonly InlineNode[] }
  | { readonly type: 'list'; readonly ordered: boolean; readonly items: readonly (readonly InlineNode[])[] }
  | { readonly type: 'blockquote'; readonly children: readonly InlineNode[] }
  | { readonly type: 'code-block'; readonly text: string };

const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}\d{1,3}[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const QUOTE_LINE = /^\s{0,3}>\s?(.*)$/;
const FENCE = /^\s{0,3}(```|~~~)/;

/** Parse the whole answer (also called on partial text while it streams). */
export function parseAnswerMarkdown(source: string): BlockNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: BlockNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '') {
      i++;
      continue;
    }
    if (FENCE.test(line)) {
      const fence = FENCE.exec(line)![1]!;
      const body: string[] = [];
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence)) body.push(lines[i++]!);
      i++;
      blocks.push({ type: 'code-block', text: body.join('\n') });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ type: 'heading', children: parseInline(heading[1]!) });
      i++;
      continue;
    }
    if (QUOTE_LINE.test(line)) {
      const body: string[] = [];
      while (i < lines.length && QUOTE_LINE.test(lines[i]!)) body.push(QUOTE_LINE.exec(lines[i++]!)![1]!);
      blocks.push({ type: 'blockquote', children: parseInline(body.join(' ').trim()) });
      continue;
    }
    const listKind = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : undefined;
    if (listKind) {
      const items: string[] = [];
      while (i < lines.length && lines[i]!.trim() !== '') {
        const item = listKind.exec(lines[i]!);
        if (item) items.push(item[1]!);
        else if (items.length > 0 && /^\s+\S/.test(lines[i]!)) items[items.length - 1] += ` ${lines[i]!.trim()}`;
        else break;
        i++;
      }
      blocks.push({ type: 'list', ordered: listKind === NUMBERED, items: items.map((t) => parseInline(t.trim())) });
      continue;
    }
    const body: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() !== '' &&
      !(body.length > 0 && (HEADING.test(lines[i]!) || QUOTE_LINE.test(lines[i]!) || BULLET.test(lines[i]!) || NUMBERED.test(lines[i]!) || FENCE.test(lines[i]!)))
    ) {
      body.push(lines[i++]!.trim());
    }
    blocks.push({ type: 'paragraph', children: parseInline(body.join(' ')) });
  }
  return blocks;
}

const ONE_REF = String.raw`(\d{1,3})\s*:\s*(\d{1,3})(?:\s*[-–—]\s*(\d{1,3}))?`;
/** Bracketed refs with an optional label: `[2:153]`, `[Quran 2:153-157]`, `[2:153, 3:200]`. */
const CITATION_GROUP = new RegExp(String.raw`^([\[(])\s*(?:(?:Q|Quran|Qur'an|Surah?|Surat|[\p{L}'\- ]{1,30}?)\s+)?(${ONE_REF}(?:\s*[,;،]\s*${ONE_REF})*)\s*([\])])`, 'iu');
const ONE_REF_GLOBAL = new RegExp(ONE_REF, 'g');
const LINK = /^\[([^\]\n]*)\]\(\s*([^()\s]*(?:\([^()\s]*\)[^()\s]*)*)\s*(?:"[^"]*")?\s*\)/;

/** Only absolute https URLs survive; `javascript:`, `data:`, `http:` and relative links do not. */
export function safeHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (!/^https:\/\//i.test(trimmed)) return undefined;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function citationsIn(raw: string, inner: string): CitationNode[] {
  return [...inner.matchAll(ONE_REF_GLOBAL)].map((m) => {
    const surah = Number(m[1]);
    const from = Number(m[2]);
    return { type: 'citation' as const, raw: m[0] ?? raw, surah, from, to: m[3] === undefined ? from : Number(m[3]) };
  });
}

const CLOSING: Readonly<Record<QuoteMark, string>> = { '"': '"', '“': '”', '«': '»', '﴿': '﴾', '﴾': '﴿' };
const MAX_DEPTH = 8;

/** Parse inline markdown; unmatched markers stay literal. */
export function parseInline(text: string, depth = 0): InlineNode[] {
  const out: InlineNode[] = [];
  let buffer = '';
  const flush = (): void => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };
  const push = (node: InlineNode): void => {
    flush();
    out.push(node);
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const rest = text.slice(i);
    if (ch === '\\' && i + 1 < text.length && /[\\`*_[\]()"#>+\-.!<]/.test(text[i + 1]!)) {
      buffer += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '[' || ch === '(') {
      const group = CITATION_GROUP.exec(rest);
      if (group && (group[1] === '[' ? group[group.length - 1] === ']' : group[group.length - 1] === ')')) {
        const cites = citationsIn(group[0], group[2]!);
        let consumed = group[0].length;
        // `[2:153](https://quran.com/2/153)`: the model's own URL is ignored; we link ourselves.
        if (ch === '[') {
          const url = /^\(\s*(?:[^()\s]|\([^()\s]*\))*\s*\)/.exec(text.slice(i + consumed));
          if (url) consumed += url[0].length;
        }
        const single = cites.length === 1 ? [{ ...cites[0]!, raw: group[0] }] : cites;
        for (const c of single) push(c);
        i += consumed;
        continue;
      }
    }
    if (ch === '[' && depth < MAX_DEPTH) {
      const link = LINK.exec(rest);
      if (link) {
        const href = safeHref(link[2]!);
        const children = parseInline(link[1]!, depth + 1);
        if (href) push({ type: 'link', href, children });
        else {
          flush();
          out.push(...children);
        }
        i += link[0].length;
        continue;
      }
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        push({ type: 'code', text: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((ch === '*' || ch === '_') && depth < MAX_DEPTH) {
      const double = text[i + 1] === ch;
      const marker = double ? ch + ch : ch;
      // `_` emphasises only at a word start (not in snake_case or window.__x).
      const wordInside = ch === '_' && i > 0 && !/[\s(["'“«*]/u.test(text[i - 1]!);
      const start = i + marker.length;
      const end = findClosing(text, marker, start);
      if (!wordInside && end > start && !/\s/.test(text[start]!) && !/\s/.test(text[end - 1]!)) {
        push({ type: double ? 'strong' : 'em', children: parseInline(text.slice(start, end), depth + 1) });
        i = end + marker.length;
        continue;
      }
    }
    if (ch in CLOSING && depth < MAX_DEPTH) {
      const mark = ch as QuoteMark;
      const end = text.indexOf(CLOSING[mark], i + 1);
      if (end > i + 1) {
        push({ type: 'quote', mark, children: parseInline(text.slice(i + 1, end), depth + 1) });
        i = end + 1;
        continue;
      }
    }
    buffer += ch;
    i++;
  }
  flush();
  return out;
}

function findClosing(text: string, marker: string, from: number): number {
  let at = text.indexOf(marker, from);
  while (at !== -1) {
    // `**` must not close a single `*`, and a lone `*` must not be half of a `**`.
    const isDoubleInsideSingle = marker.length === 1 && text[at + 1] === marker;
    if (!isDoubleInsideSingle) return at;
    at = text.indexOf(marker, at + 2);
  }
  return -1;
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
          return n.raw;
        case 'quote':
          return `${n.mark}${inlineText(n.children)}${CLOSING[n.mark]}`;
        default:
          return inlineText(n.children);
      }
    })
    .join('');
}
