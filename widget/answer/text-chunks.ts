/**
 * A long run of answer text split at fixed offsets, each piece its own text node. While an answer
 * streams its text only grows, so every piece but the last keeps its exact value: the renderer
 * leaves those nodes alone and the browser re-shapes only the end, instead of the whole run each
 * time it is checked again.
 */

/** Characters per piece: small enough to re-shape at once, large enough to add few nodes. */
export const TEXT_CHUNK = 512;

export function textChunks(text: string, size = TEXT_CHUNK): string | string[] {
  if (text.length <= size) return text;
  const pieces: string[] = [];
  // Never split a surrogate pair (an emoji or a rare script's letter) across two nodes.
  for (let start = 0; start < text.length; ) {
    let end = Math.min(text.length, start + size);
    const last = text.charCodeAt(end - 1);
    if (end < text.length && last >= 0xd800 && last <= 0xdbff) end++;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
