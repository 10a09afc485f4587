/**
 * Links in an answer: reading the `(url "title")` after a markdown link's label, and deciding
 * whether the URL may become a clickable link. Only quran.com is: the answer is untrusted
 * model output, and a prompt-injected or confused model must not be able to send a visitor
 * to another site from a mosque's page. Every other URL keeps only its label, as plain text.
 */
import { isSpace } from './whitespace.js';

/** Longest URL read; anything longer is not a link. */
export const MAX_LINK_URL = 2048;
/** Longest `"title"` read after the URL. */
export const MAX_LINK_TITLE = 200;
/** Longest whitespace run accepted around the URL and title. */
const MAX_LINK_GAP = 3;
/** The one site an answer may link to. */
export const ANSWER_LINK_HOST = 'quran.com';

export interface LinkDestination {
  readonly url: string;
  /** Index just after the closing `)`. */
  readonly end: number;
}

function skipGap(text: string, at: number): number {
  let i = at;
  while (i - at < MAX_LINK_GAP && isSpace(text[i])) i++;
  return i;
}

function isUrlChar(ch: string | undefined): boolean {
  return ch !== undefined && ch !== '(' && ch !== ')' && ch !== '"' && !isSpace(ch);
}

/**
 * The destination `(url)` or `(url "title")` starting at `at` (which holds `(`). The URL may
 * hold balanced parentheses one level deep (`https://quran.com/2/153?x=(a)`). Bounded: at most
 * MAX_LINK_URL + MAX_LINK_TITLE characters are read.
 */
export function scanLinkDestination(text: string, at: number): LinkDestination | undefined {
  if (text[at] !== '(') return undefined;
  const start = skipGap(text, at + 1);
  let i = start;
  while (i - start <= MAX_LINK_URL) {
    if (text[i] === '(') {
      let j = i + 1;
      while (j - start <= MAX_LINK_URL && isUrlChar(text[j])) j++;
      if (text[j] !== ')') break;
      i = j + 1;
    } else if (isUrlChar(text[i])) i++;
    else break;
  }
  if (i - start > MAX_LINK_URL) return undefined;
  const url = text.slice(start, i);
  i = skipGap(text, i);
  if (text[i] === '"') {
    let j = i + 1;
    while (j - i <= MAX_LINK_TITLE && j < text.length && text[j] !== '"') j++;
    if (text[j] !== '"') return undefined;
    i = skipGap(text, j + 1);
  }
  if (text[i] !== ')') return undefined;
  return { url, end: i + 1 };
}

/**
 * The URL to link to when it is an https page on quran.com (normalised), else undefined:
 * other sites, `javascript:`, `data:`, `http:`, relative URLs, user names and ports are refused.
 */
export function answerLinkHref(href: string): string | undefined {
  const trimmed = href.trim();
  if (!/^https:\/\//i.test(trimmed)) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return undefined;
  }
  const plain = url.protocol === 'https:' && url.hostname === ANSWER_LINK_HOST && url.port === '' && url.username === '' && url.password === '';
  return plain ? url.href : undefined;
}
