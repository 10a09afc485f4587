/**
 * Keeps the `k` best (index, score) pairs seen so far, best first; ties go to the lower index,
 * so results never depend on the order items arrive in. Insertion into a sorted window of
 * size k: k is small (the search engine's candidate pool, 100 by default, or a few hundred
 * for a lexical track) and most items fail the first comparison, so this beats sorting every
 * item, and allocates nothing per item. Used by the vector scan and the lexical indexes.
 */
export interface ScoredIndex {
  readonly index: number;
  readonly score: number;
}

export class TopK {
  readonly #k: number;
  readonly #scores: Float64Array;
  readonly #indices: Int32Array;
  #size = 0;

  constructor(k: number) {
    this.#k = Math.max(0, Math.floor(k));
    this.#scores = new Float64Array(this.#k);
    this.#indices = new Int32Array(this.#k);
  }

  /** Lowest score that could still enter the list (-Infinity until full). */
  get threshold(): number {
    return this.#size < this.#k ? -Infinity : this.#scores[this.#k - 1]!;
  }

  push(index: number, score: number): void {
    if (this.#k === 0) return;
    if (this.#size === this.#k) {
      const last = this.#k - 1;
      if (score < this.#scores[last]! || (score === this.#scores[last]! && index > this.#indices[last]!)) return;
    }
    let i = this.#size < this.#k ? this.#size++ : this.#k - 1;
    while (i > 0 && (this.#scores[i - 1]! < score || (this.#scores[i - 1]! === score && this.#indices[i - 1]! > index))) {
      this.#scores[i] = this.#scores[i - 1]!;
      this.#indices[i] = this.#indices[i - 1]!;
      i--;
    }
    this.#scores[i] = score;
    this.#indices[i] = index;
  }

  hits(): ScoredIndex[] {
    return Array.from({ length: this.#size }, (_, i) => ({ index: this.#indices[i]!, score: this.#scores[i]! }));
  }
}
