import { describe, expect, it } from 'vitest';
import {
  parseAnswerMarkdown,
  parseInline,
  inlineText,
  MAX_ANSWER_BLOCKS,
  MAX_ANSWER_CHARS,
  MAX_CITATION_ELEMENTS,
  MAX_FORMATTED_ELEMENTS,
  type BlockNode,
  type InlineNode,
} from './markdown-subset.js';
import { answerLinkHref } from './markdown-link.js';

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
      expect(block.type).toBe('paragraph');
      expect(inlineText(block.type === 'paragraph' ? block.children : [])).toBe(payload);
      expect(JSON.stringify(blocks)).not.toContain('"type":"link"');
    }
  });
});

describe('when the answer contains links', () => {
  it('should keep links to quran.com and reduce every other link to its label', () => {
    expect(parseInline('[tafsir](https://quran.com/2/153/tafsirs)')).toStrictEqual([
      { type: 'link', href: 'https://quran.com/2/153/tafsirs', children: [{ type: 'text', text: 'tafsir' }] },
    ]);
    for (const bad of [
      'https://example.org/a?b=1',
      'https://quran.com.evil.example/2/153',
      'https://quran.com@evil.example/',
      'https://user:pw@quran.com/2/153',
      'https://quran.com:8443/2/153',
      'https://www.quran.com/2/153',
      'javascript:alert(1)',
      'JavaScript:alert(document.cookie)',
      'data:text/html,<script>alert(1)</script>',
      'http://quran.com/2/153',
      '/relative',
      '//evil.example',
    ]) {
      expect(parseInline(`[x](${bad})`), bad).toStrictEqual([{ type: 'text', text: 'x' }]);
    }
  });
  it('should read a title and one level of parentheses in the URL', () => {
    expect(parseInline('[a](https://quran.com/search?q=(x) "Search")')).toStrictEqual([
      { type: 'link', href: 'https://quran.com/search?q=(x)', children: [{ type: 'text', text: 'a' }] },
    ]);
  });
  it('should accept only https pages on quran.com in answerLinkHref', () => {
    expect(answerLinkHref(' https://quran.com/2/153 ')).toBe('https://quran.com/2/153');
    expect(answerLinkHref('https://QURAN.com/2/153')).toBe('https://quran.com/2/153');
    expect(answerLinkHref('https://example.org/')).toBeUndefined();
    expect(answerLinkHref('javascript:alert(1)')).toBeUndefined();
    expect(answerLinkHref('https://')).toBeUndefined();
    expect(answerLinkHref('\tjavascript:alert(1)')).toBeUndefined();
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

describe('when the answer has constructs that could make a parser backtrack', () => {
  it('should read a heading with closing hashes and spaces, and leave seven hashes as text', () => {
    expect(parseAnswerMarkdown('##   Patience   ##  ')).toStrictEqual([{ type: 'heading', children: [{ type: 'text', text: 'Patience' }] }]);
    expect(parseAnswerMarkdown('# x' + ' '.repeat(40) + 'y')).toStrictEqual([
      { type: 'heading', children: [{ type: 'text', text: 'x' + ' '.repeat(40) + 'y' }] },
    ]);
    expect(parseAnswerMarkdown('####### seven')[0]!.type).toBe('paragraph');
  });
  it('should accept up to three spaces inside a citation and not more', () => {
    expect(parseInline('(   2 : 153 -   157   )')).toStrictEqual([{ type: 'citation', raw: '(   2 : 153 -   157   )', surah: 2, from: 153, to: 157 }]);
    expect(parseInline('(    2:153)')).toStrictEqual([{ type: 'text', text: '(    2:153)' }]);
    expect(parseInline('[Surah Al-Baqarah 2:255]')).toStrictEqual([{ type: 'citation', raw: '[Surah Al-Baqarah 2:255]', surah: 2, from: 255, to: 255 }]);
    expect(parseInline('[a label far longer than thirty letters 2:255]')[0]!.type).toBe('text');
  });
  it('should treat a line separator as a line break', () => {
    expect(parseAnswerMarkdown('- one\u2028- two')).toStrictEqual([
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two' }]] },
    ]);
  });
  it('should close a single star at an odd run of stars, never at a double', () => {
    expect(parseInline('*a **b** c*')).toStrictEqual([
      {
        type: 'em',
        children: [
          { type: 'text', text: 'a ' },
          { type: 'strong', children: [{ type: 'text', text: 'b' }] },
          { type: 'text', text: ' c' },
        ],
      },
    ]);
    expect(parseInline('* ** ** x')).toStrictEqual([{ type: 'text', text: '* ** ** x' }]);
  });
});

describe('when the answer is longer than the parser reads', () => {
  it('should parse the first MAX_ANSWER_CHARS characters, ending on a space, and say how much was cut', () => {
    const words = 'patience and prayer '.repeat(Math.ceil((MAX_ANSWER_CHARS + 5000) / 20));
    const blocks = parseAnswerMarkdown(`${words}[2:153]`);
    expect(blocks.map((b) => b.type)).toStrictEqual(['paragraph', 'cut']);
    const shown = inlineText(blocks[0]!.type === 'paragraph' ? blocks[0]!.children : []);
    expect(shown.length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    expect(shown.endsWith('prayer')).toBe(true);
    expect(blocks[1]).toStrictEqual({ type: 'cut', omittedChars: words.length + '[2:153]'.length - shown.length });
    expect(JSON.stringify(blocks)).not.toContain('"citation"');
  });
  it('should not cut an answer of exactly MAX_ANSWER_CHARS characters', () => {
    expect(parseAnswerMarkdown('a'.repeat(MAX_ANSWER_CHARS)).map((b) => b.type)).toStrictEqual(['paragraph']);
  });
});

describe('when an answer holds more formatting than any honest answer', () => {
  it('should make at most MAX_FORMATTED_ELEMENTS formatting elements, across blocks, and keep the rest as literal text', () => {
    const unit = '*a* ';
    const blocks = parseAnswerMarkdown(`${unit.repeat(300)}\n\n${unit.repeat(300)}`) as unknown as { children: InlineNode[] }[];
    const count = (nodes: readonly InlineNode[]): number =>
      nodes.reduce((n, x) => n + (x.type === 'em' || x.type === 'strong' || x.type === 'quote' || x.type === 'link' ? 1 + count(x.children) : 0), 0);
    expect(blocks.reduce((n, b) => n + count(b.children), 0)).toBe(MAX_FORMATTED_ELEMENTS);
    expect(inlineText(blocks[0]!.children)).not.toContain('*');
    expect(inlineText(blocks[1]!.children).endsWith('*a* *a*')).toBe(true);
  });
});

describe('when an answer would make more elements than the page should draw', () => {
  const count = (blocks: readonly BlockNode[], type: string): number => {
    let n = 0;
    const walk = (nodes: readonly InlineNode[]) => {
      for (const node of nodes) {
        if (node.type === type) n++;
        if ('children' in node) walk(node.children);
      }
    };
    for (const b of blocks) {
      if (b.type === 'list') b.items.forEach(walk);
      else if ('children' in b) walk(b.children);
    }
    return n;
  };
  it('should make at most MAX_CITATION_ELEMENTS citations, the rest staying text', () => {
    const blocks = parseAnswerMarkdown('[2:153] '.repeat(3000));
    expect(count(blocks, 'citation')).toBe(MAX_CITATION_ELEMENTS);
    const groups = parseAnswerMarkdown('[2:1-286, 3:1-200] '.repeat(500));
    expect(count(groups, 'citation')).toBe(MAX_CITATION_ELEMENTS);
  });
  it('should count code spans against the formatting budget', () => {
    expect(count(parseAnswerMarkdown('`x` '.repeat(6000)), 'code')).toBe(MAX_FORMATTED_ELEMENTS);
  });
  it('should make at most MAX_ANSWER_BLOCKS blocks, the rest one paragraph of plain text', () => {
    const blocks = parseAnswerMarkdown(Array.from({ length: 1000 }, (_, i) => `word ${i} *x*`).join('\n\n'));
    expect(blocks).toHaveLength(MAX_ANSWER_BLOCKS + 1);
    expect(blocks[MAX_ANSWER_BLOCKS]).toStrictEqual({
      type: 'paragraph',
      children: [{ type: 'text', text: expect.stringMatching(/^word 200 \*x\* word 201/) }],
    });
    const list = parseAnswerMarkdown(Array.from({ length: 1000 }, (_, i) => `- item ${i}`).join('\n'));
    expect(list[0]!.type === 'list' && list[0]!.items.length).toBe(MAX_ANSWER_BLOCKS);
    expect(list[1]).toStrictEqual({ type: 'paragraph', children: [{ type: 'text', text: expect.stringMatching(/^- item 200 - item 201/) }] });
  });
});
