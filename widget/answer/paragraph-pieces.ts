/**
 * A very long paragraph of an answer cut into pieces, each drawn as a paragraph of its own. The
 * browser lays out a paragraph whole, so each time a streaming answer was checked again a
 * 20,000-character paragraph (thousands of citations or code spans) cost a 100 ms layout; pieces
 * out of view are not laid out at all (`content-visibility: auto`). Pieces end at a sentence where
 * one is near, else at a space: only paragraphs far longer than a real answer's are ever cut.
 */
import type { InlineNode } from '../../data/answer-check/markdown-subset.js';

/** Characters of a piece before it looks for its end; a paragraph at most this long stays whole. */
export const PIECE_CHARS = 2000;
/** How far past PIECE_CHARS a piece looks for a sentence end, then for a space, before it cuts anywhere. */
const SENTENCE_REACH = 400;
const SPACE_REACH = 100;

/** The pieces of a paragraph's inline nodes, in order; one piece (the same nodes) for a paragraph of at most `size` characters. */
export function paragraphPieces(nodes: readonly InlineNode[], size = PIECE_CHARS): (readonly InlineNode[])[] {
  const lengths = nodes.map(textLength);
  if (lengths.reduce((a, b) => a + b, 0) <= size) return [nodes];
  const pieces: InlineNode[][] = [];
  let piece: InlineNode[] = [];
  let filled = 0;
  const close = () => {
    if (piece.length) pieces.push(piece);
    piece = [];
    filled = 0;
  };
  // Once a piece is full it looks on for a sentence's end, across nodes, for SENTENCE_REACH more characters.
  nodes.forEach((node, i) => {
    if (node.type !== 'text') {
      piece.push(node);
      filled += lengths[i]!;
      if (filled >= size + SENTENCE_REACH) close();
      return;
    }
    let rest = node.text;
    while (filled + rest.length > size) {
      const from = Math.max(0, size - filled);
      const reach = size + SENTENCE_REACH - filled;
      const end = sentenceEnd(rest, from, reach);
      if (end === undefined && rest.length <= reach) break;
      const cut = end ?? spaceOrAnywhere(rest, from);
      if (cut > 0) piece.push({ type: 'text', text: rest.slice(0, cut) });
      rest = rest.slice(cut);
      close();
    }
    if (rest) {
      piece.push(rest === node.text ? node : { type: 'text', text: rest });
      filled += rest.length;
    }
  });
  close();
  return pieces;
}

/** Characters a node shows, nested nodes included. */
function textLength(node: InlineNode): number {
  switch (node.type) {
    case 'text':
    case 'code':
      return node.text.length;
    case 'citation':
    case 'site-citation':
      return node.raw.length;
    default:
      return node.children.reduce((sum, child) => sum + textLength(child), 0);
  }
}

/** Just after the first sentence end in `text` from `from`, before `reach`. */
function sentenceEnd(text: string, from: number, reach: number): number | undefined {
  const sentence = /[.!?。！？؟۔](?:\s|$)/g;
  sentence.lastIndex = from;
  const s = sentence.exec(text.slice(0, reach));
  return s ? s.index + s[0].length : undefined;
}

/** Where to cut `text` with no sentence end in reach: after a space near `from`, else at `from`. */
function spaceOrAnywhere(text: string, from: number): number {
  const space = /\s/g;
  space.lastIndex = from;
  const w = space.exec(text.slice(0, from + SPACE_REACH));
  if (w) return w.index + 1;
  // Never split a surrogate pair (an emoji, a rare script's letter).
  const code = text.charCodeAt(from - 1);
  return code >= 0xd800 && code <= 0xdbff ? from + 1 : from;
}
