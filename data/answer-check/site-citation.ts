/**
 * Reads a site passage citation at one position of an answer: `[site:3]`, `[site: 3]`,
 * `[Site:3, site:5]`, `[site:3, 5]`. Like the verse citation scanner it is hand-written:
 * every gap and number is bounded and each character is looked at once, so a hostile answer
 * (a bracket, then thousands of spaces or digits) costs a few steps, not a pass per character.
 */
import { isSpace } from './whitespace.js';
import { MAX_CITATION_GAP } from './citation-group.js';

/** Longest passage number read (a site of up to 99,999 passages). */
const MAX_DIGITS = 5;
const KEYWORD = 'site';

export interface ScannedSiteCitation {
  /** Index just after the closing bracket. */
  readonly end: number;
  /** Passage numbers in the order written. */
  readonly ids: readonly number[];
}

function skipGap(text: string, at: number): number {
  let i = at;
  while (i - at < MAX_CITATION_GAP && isSpace(text[i])) i++;
  return i;
}

/** `site` (any case) then `:` at `at`: the index after the colon and its gap, or -1. */
function keyword(text: string, at: number): number {
  if (text.slice(at, at + KEYWORD.length).toLowerCase() !== KEYWORD) return -1;
  const colon = skipGap(text, at + KEYWORD.length);
  return text[colon] === ':' ? skipGap(text, colon + 1) : -1;
}

function number(text: string, at: number): { value: number; end: number } | undefined {
  let i = at;
  while (i - at < MAX_DIGITS && text[i]! >= '0' && text[i]! <= '9') i++;
  if (i === at || (text[i]! >= '0' && text[i]! <= '9')) return undefined;
  return { value: Number(text.slice(at, i)), end: i };
}

/** The site citation opening at `at` (`[`), or undefined when there is none. */
export function scanSiteCitation(text: string, at: number): ScannedSiteCitation | undefined {
  if (text[at] !== '[') return undefined;
  let i = keyword(text, skipGap(text, at + 1));
  if (i === -1) return undefined;
  const ids: number[] = [];
  for (;;) {
    const n = number(text, i);
    if (!n) return undefined;
    ids.push(n.value);
    i = skipGap(text, n.end);
    if (text[i] !== ',' && text[i] !== '،') break;
    i = skipGap(text, i + 1);
    const after = keyword(text, i);
    if (after !== -1) i = after;
  }
  return text[i] === ']' ? { end: i + 1, ids } : undefined;
}
