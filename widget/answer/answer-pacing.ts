/**
 * How often a streaming answer is parsed, checked and rendered again. Each pass is linear in
 * the answer, but doing one per delta made the whole answer quadratic: 20,001 characters of
 * nested markup in 1-character deltas blocked the page for 29.8 s. While the answer streams it
 * is checked again only once it has grown by a quarter (and at least MIN_STEP characters), so
 * the passes' lengths grow geometrically and their total is a few times the answer's length,
 * whatever the chunking; the text that arrived since is shown as plain text until the next
 * pass. The finished answer is always checked whole.
 */

/** Characters an answer must grow by before it is checked again while streaming. */
export const MIN_STEP = 160;
/** Share of its checked length an answer must grow by before it is checked again while streaming. */
export const GROWTH = 0.25;

/** Whether an answer of `length` characters should be checked again, given the length checked last. */
export function shouldRecheck(checkedLength: number | undefined, length: number, streaming: boolean): boolean {
  if (checkedLength === undefined || !streaming) return checkedLength !== length;
  return length - checkedLength >= Math.max(MIN_STEP, checkedLength * GROWTH);
}
