import { describe, expect, it } from 'vitest';
import { parseAnswerMarkdown, parseInline, safeHref, inlineText } from './markdown-subset.js';

describe('when the answer has paragraphs, lists and headings', () => {
  it('should split blocks on blank lines and read bullet and numbered lists', () => {
    const blocks = parseAnswerMarkdown('## Patience\nFirst line\nsame paragraph.\n\n- one\n- two\n\n1. a\n2) b\n\n> quoted');
    expect(blocks.map((b) => b.type)).toStrictEqual(['heading', 'paragraph', 'list', 'list', 'blockquote']);
    expect(blocks[1]).toStrictEqual({ type: 'paragraph', children: [{ type: 'text', text: 'First line same paragraph.' }] });
    expect(blocks[2]).toStrictEqual({ type: 'list', ordered: false, items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]] });
    expect(blocks[3]).toMatchObject({ type: 'list', ordered: true });
  });
  it('should keep fenced code as plain text', () => {
    expect(parseAnswerMarkdown('```\n<b>x</b>\n```')).toStrictEqual([{ type: 'code-block', text: '<b>x</b>' }]);
  });
});

describe('when the answer has emphasis', () => {
  it('should read strong, em and code, and leave unmatched markers as text', () => {
    expect(parseInline('a **b** *c* `d` 2 * 3 * 4 *open')).toStrictEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'd' },
      { type: 'text', text: ' 2 * 3 * 4 *open' },
    ]);
  });
  it('should not treat underscores inside words as emphasis', () => {
    expect(parseInline('snake_case_name')).toStrictEqual([{ type: 'text', text: 'snake_case_name' }]);
  });
});

describe('when the answer contains raw HTML or script', () => {
  it('should keep every HTML payload as literal text', () => {
    for (const payload of ['<img src=x onerror=alert(1)>', '<script>alert(1)</script>', '<a href="javascript:alert(1)">x</a>', '<svg onload=alert(1)>']) {
      const blocks = parseAnswerMarkdown(payload);
      expect(blocks).toHaveLength(1);
      const block = blocks[0]!;
      expect(block.type).toBe("paragraph");
      expect(inlineText(block.type === "paragraph" ? block.children : [])).toBe(payload);
      expect(JSON.stringify(blocks)).not.toContain('"type":"link"');
    }
  });
});

describe('when the answer contains links', () => {
  it('should keep https links and drop javascript:, data:, http: and relative ones to their label', () => {
    expect(parseInline('[site](https://example.org/a?b=1)')).toStrictEqual([{ type: 'link', href: 'https://example.org/a?b=1', children: [{ type: 'text', text: 'site' }] }]);
    for (const bad of ['javascript:alert(1)', 'JavaScript:alert(document.cookie)', 'data:text/html,<script>alert(1)</script>', 'http://example.org', '/relative', '//evil.example']) {
      expect(parseInline(`[x](${bad})`), bad).toStrictEqual([{ type: 'text', text: 'x' }]);
    }
  });
  it('should accept only https URLs in safeHref', () => {
    expect(safeHref(' https://quran.com/2/153 ')).toBe('https://quran.com/2/153');
    expect(safeHref('javascript:alert(1)')).toBeUndefined();
    expect(safeHref('https://')).toBeUndefined();
    expect(safeHref('\tjavascript:alert(1)')).toBeUndefined();
  });
});

describe('when the answer cites verses', () => {
  it('should read [S:A], [S:A-B], labelled, parenthesised and grouped citations', () => {
    const nodes = parseInline('See [2:153], [2:153-157], [Al-Baqarah 2:255], (3:200) and [2:153, 94:5–6].');
    const cites = nodes.filter((n) => n.type === 'citation');
    expect(cites.map((c) => c.type === 'citation' && [c.surah, c.from, c.to])).toStrictEqual([
      [2, 153, 153],
      [2, 153, 157],
      [2, 255, 255],
      [3, 200, 200],
      [2, 153, 153],
      [94, 5, 6],
    ]);
    expect(cites[0]).toStrictEqual({ type: 'citation', raw: '[2:153]', surah: 2, from: 153, to: 153 });
  });
  it('should read a citation written as a markdown link and ignore its URL', () => {
    expect(parseInline('[2:153](javascript:alert(1))')).toStrictEqual([{ type: 'citation', raw: '[2:153]', surah: 2, from: 153, to: 153 }]);
  });
  it('should keep impossible references as citations so they can be flagged', () => {
    expect(parseInline('[2:999] [115:1]')).toStrictEqual([
      { type: 'citation', raw: '[2:999]', surah: 2, from: 999, to: 999 },
      { type: 'text', text: ' ' },
      { type: 'citation', raw: '[115:1]', surah: 115, from: 1, to: 1 },
    ]);
  });
  it('should leave a half-streamed citation as text', () => {
    expect(parseInline('patience [2:15')).toStrictEqual([{ type: 'text', text: 'patience [2:15' }]);
  });
});

describe('when the answer quotes text', () => {
  it('should read straight, curly, guillemet and ornate quotes', () => {
    const nodes = parseInline('"a b" “c” «د» ﴿ه﴾');
    expect(nodes.filter((n) => n.type === 'quote').map((n) => n.type === 'quote' && n.mark)).toStrictEqual(['"', '“', '«', '﴿']);
    expect(inlineText(nodes)).toBe('"a b" “c” «د» ﴿ه﴾');
  });
});
