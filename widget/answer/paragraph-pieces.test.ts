import { describe, expect, it } from 'vitest';
import type { InlineNode } from '../../data/answer-check/markdown-subset.js';
import { parseAnswerMarkdown } from '../../data/answer-check/markdown-subset.js';
import { PIECE_CHARS, paragraphPieces } from './paragraph-pieces.js';

/** The paragraph's inline nodes, parsed as an answer. */
function paragraph(text: string): readonly InlineNode[] {
  const [block] = parseAnswerMarkdown(text);
  if (block?.type !== 'paragraph') throw new Error(`not a paragraph: ${block?.type}`);
  return block.children;
}

/** What the nodes show, as written (text, code and citations; nested nodes flattened). */
function shown(nodes: readonly InlineNode[]): string {
  return nodes
    .map((n) => (n.type === 'text' || n.type === 'code' ? n.text : n.type === 'citation' || n.type === 'site-citation' ? n.raw : shown(n.children)))
    .join('');
}

describe('paragraphPieces', () => {
  it('leaves a paragraph of a real answer whole: the same nodes', () => {
    const nodes = paragraph('Seek help through patience and prayer [2:153]. '.repeat(40));
    expect(shown(nodes).length).toBeLessThanOrEqual(PIECE_CHARS);
    const pieces = paragraphPieces(nodes);
    expect(pieces).toHaveLength(1);
    expect(pieces[0]).toBe(nodes);
  });

  it('cuts a very long paragraph after sentences, losing no character and keeping every citation node', () => {
    const nodes = paragraph('Patience is praised throughout the Quran, and prayer is a help [2:153]. '.repeat(300));
    const pieces = paragraphPieces(nodes);
    expect(pieces.map(shown).join('')).toBe(shown(nodes));
    expect(pieces.length).toBeGreaterThanOrEqual(10);
    for (const piece of pieces.slice(0, -1)) {
      expect(shown(piece).length).toBeGreaterThanOrEqual(PIECE_CHARS);
      expect(shown(piece).length).toBeLessThanOrEqual(PIECE_CHARS + 400);
      expect(shown(piece)).toMatch(/\. $/);
    }
    // The answer check's verdicts are keyed by node: citations reach the template as the same objects.
    const citations = nodes.filter((n) => n.type === 'citation');
    expect(pieces.flat().filter((n) => n.type === 'citation')).toEqual(citations);
    pieces
      .flat()
      .filter((n) => n.type === 'citation')
      .forEach((n, i) => expect(n).toBe(citations[i]));
  });

  it('cuts text without sentences at a space, and text without spaces anywhere but inside a surrogate pair', () => {
    const words = paragraphPieces([{ type: 'text', text: 'word '.repeat(1000) }]);
    expect(words.map(shown).join('')).toBe('word '.repeat(1000));
    for (const piece of words.slice(0, -1)) expect(shown(piece)).toMatch(/ $/);
    const emoji = '😀'.repeat(3000);
    const solid = paragraphPieces([{ type: 'text', text: emoji }], 1001);
    expect(solid.map(shown).join('')).toBe(emoji);
    for (const piece of solid) expect(/^(?:\uD83D\uDE00)+$/.test(shown(piece))).toBe(true);
  });

  it('ends a piece after a long run of code spans or citations, whatever their count', () => {
    const nodes = paragraph('`x` '.repeat(5000));
    const pieces = paragraphPieces(nodes);
    expect(pieces.map(shown).join('')).toBe(shown(nodes));
    expect(Math.max(...pieces.map((p) => shown(p).length))).toBeLessThanOrEqual(PIECE_CHARS + 404);
  });
});
