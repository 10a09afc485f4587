/**
 * Searches for a scanner that only moves forward through one text. A scanner that looks for
 * a closer (a `”`, a `]`, a `**`) at every opener pays one pass over the rest of the text per
 * opener when the closer never comes: `““““…` is quadratic. Remembering each search's answer
 * makes the total one pass: while the next search starts at or before the last answer, the
 * answer is the same.
 */

/** First position at or after `from` that satisfies a fixed condition, or -1. */
export type ForwardSearch = (from: number) => number;

/**
 * Wrap `search` so repeated calls with non-decreasing `from` cost one pass in all.
 * `search(from)` must be "the first position ≥ from with some property", the property not
 * depending on `from`.
 */
export function rememberForward(search: ForwardSearch): ForwardSearch {
  let lastFrom = -1;
  let lastAt = -1;
  return (from) => {
    if (lastFrom !== -1 && from >= lastFrom && (lastAt === -1 || from <= lastAt)) return lastAt;
    lastFrom = from;
    lastAt = search(from);
    return lastAt;
  };
}

/** `text.indexOf(needle, from)` for each needle, remembered as above. */
export function forwardIndexOf(text: string): (needle: string, from: number) => number {
  const searches = new Map<string, ForwardSearch>();
  return (needle, from) => {
    let search = searches.get(needle);
    if (!search) {
      search = rememberForward((at) => text.indexOf(needle, at));
      searches.set(needle, search);
    }
    return search(from);
  };
}
