/**
 * The hostile answers `npm run bench:render` streams into the widget: each as long as the widget
 * shows (20,001 characters, one past the cut), in the chunk sizes that made the page freeze when
 * every delta re-rendered the whole answer.
 */
import { CHAT_LIMITS } from '../../data/contracts/chat-request.js';

export interface RenderCase {
  readonly name: string;
  readonly text: string;
  /** Characters per upstream chunk (each a separate text delta). */
  readonly chunkChars: number;
}

/** `unit` repeated to exactly `length` characters. */
export function repeatTo(unit: string, length: number): string {
  return unit.repeat(Math.ceil(length / unit.length)).slice(0, length);
}

const LENGTH = CHAT_LIMITS.maxAnswerChars + 1;
/** Emphasis, quotes and brackets opened and never closed: the markdown and quote parsers' worst case. */
const NESTED = '*"“«﴿_a';
const CITED = 'In [2:153] Allah says, "O you who have believed, seek help through patience and prayer." ';
const PLAIN = 'Patience is praised throughout the Quran, and prayer is a help in hardship. ';
/** Element kinds outside the formatting budget until they had bounds of their own. */
const CITATIONS = '[2:153] ';
const CODE = '`x` ';
const GROUPS = '[2:1-286, 3:1-200] ';
/** An Arabic misquote and a reference written the Arabic way, each corrected against the whole Quran. */
const ARABIC_MISQUOTES = '﴿إن الله مع المحسنين دائما﴾ (البقرة: 153) ';

export const RENDER_CASES: readonly RenderCase[] = [
  { name: 'nested markup, 1-character deltas', text: repeatTo(NESTED, LENGTH), chunkChars: 1 },
  { name: 'cited quotes, 1-character deltas', text: repeatTo(CITED, LENGTH), chunkChars: 1 },
  { name: 'plain text, 1-character deltas', text: repeatTo(PLAIN, LENGTH), chunkChars: 1 },
  { name: 'nested markup, 4-character bursts', text: repeatTo(NESTED, LENGTH), chunkChars: 4 },
  { name: 'repeated citations, 8-character bursts', text: repeatTo(CITATIONS, LENGTH), chunkChars: 8 },
  { name: 'code spans, 4-character bursts', text: repeatTo(CODE, LENGTH), chunkChars: 4 },
  { name: 'citation groups, 8-character bursts', text: repeatTo(GROUPS, LENGTH), chunkChars: 8 },
  { name: 'Arabic misquotes, 4-character bursts', text: repeatTo(ARABIC_MISQUOTES, LENGTH), chunkChars: 4 },
];
