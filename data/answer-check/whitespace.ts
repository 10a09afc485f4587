/**
 * What the answer parser treats as whitespace: JavaScript's `\s`, tested one character at a
 * time so no pattern ever has to backtrack over a run of it.
 */
const SPACE = /\s/;

export function isSpace(ch: string | undefined): boolean {
  if (ch === undefined) return false;
  const code = ch.charCodeAt(0);
  // Latin-1 first (space, tab, line breaks, no-break space); the pattern only for the rest.
  if (code <= 0xff) return code === 0x20 || (code >= 0x09 && code <= 0x0d) || code === 0xa0;
  return SPACE.test(ch);
}
