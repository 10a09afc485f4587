/**
 * Keeps the `k` best (index, score) pairs seen so far, best first. An insertion into a
 * sorted array of size k beats a heap for the k <= 50 we use and allocates nothing per item.
 */
import type { VectorHit } from './vector-search.js';

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

  /** Lowest score that would still enter the list (-Infinity until full). */
  get threshold(): number {
    return this.#size < this.#k ? -Infinity : this.#scores[this.#k - 1]!;
  }

  push(index: number, score: number): void {
    if (this.#k === 0 || score <= this.threshold) return;
    let i = this.#size < this.#k ? this.#size++ : this.#k - 1;
    // Ties keep the earlier (lower) index first, so results are deterministic.
    while (i > 0 && this.#scores[i - 1]! < score) {
      this.#scores[i] = this.#scores[i - 1]!;
      this.#indices[i] = this.#indices[i - 1]!;
      i--;
    }
    this.#scores[i] = score;
    this.#indices[i] = index;
  }

  hits(): VectorHit[] {
    return Array.from({ length: this.#size }, (_, i) => ({ index: this.#indices[i]!, score: this.#scores[i]! }));
  }
}
