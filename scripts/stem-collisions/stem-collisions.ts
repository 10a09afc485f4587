/**
 * Finding stemming collisions: words a stemmer folds onto one index term although they mean
 * different things ("conversion" and "conversation" both become "convers", so a question about
 * forced conversion finds verses about private conversation). Words are grouped by the term the
 * track's analyzer gives them, and a group is suspect when two of its words are far apart in
 * meaning for a multilingual embedding model (their cosine is below a floor). The list is read by
 * a person: a true collision goes into the analyzer's split list with a test.
 */
import { cosine } from '../e5-onnx/e5-onnx-parity.js';

/** Words that share one index term. */
export interface TermGroup {
  readonly term: string;
  /** Surface words, most frequent first. */
  readonly words: readonly string[];
}

export interface Collision {
  readonly term: string;
  readonly words: readonly string[];
  /** The two words of the group furthest apart in meaning, and their cosine. */
  readonly a: string;
  readonly b: string;
  readonly cosine: number;
}

/** Groups of two or more words with the same term; `termOf` gives a word's single term, or undefined (a stop word). */
export function groupByTerm(counts: ReadonlyMap<string, number>, termOf: (word: string) => string | undefined): TermGroup[] {
  const byTerm = new Map<string, string[]>();
  for (const word of counts.keys()) {
    const term = termOf(word);
    if (term === undefined) continue;
    const list = byTerm.get(term);
    if (list) list.push(word);
    else byTerm.set(term, [word]);
  }
  const groups: TermGroup[] = [];
  for (const [term, words] of byTerm) {
    if (words.length < 2) continue;
    groups.push({ term, words: words.sort((x, y) => counts.get(y)! - counts.get(x)! || (x < y ? -1 : 1)) });
  }
  return groups.sort((x, y) => (x.term < y.term ? -1 : 1));
}

/**
 * The groups whose least similar pair of words is below `floor`, least similar first. Only the
 * group's `maxWords` most frequent words are compared (a long tail of rare forms adds noise).
 */
export function findCollisions(groups: readonly TermGroup[], vectorOf: (word: string) => Float32Array | undefined, floor: number, maxWords = 6): Collision[] {
  const out: Collision[] = [];
  for (const g of groups) {
    const words = g.words.slice(0, maxWords).filter((w) => vectorOf(w) !== undefined);
    let worst: Collision | undefined;
    for (let i = 0; i < words.length; i++) {
      for (let j = i + 1; j < words.length; j++) {
        const c = cosine(vectorOf(words[i]!)!, vectorOf(words[j]!)!);
        if (!worst || c < worst.cosine) worst = { term: g.term, words: g.words, a: words[i]!, b: words[j]!, cosine: c };
      }
    }
    if (worst && worst.cosine < floor) out.push(worst);
  }
  return out.sort((x, y) => x.cosine - y.cosine);
}
