/**
 * Several BM25 indexes of the same verses blended into one ranking: score = Σ weight·score_i,
 * coverage = max coverage_i. Used for Arabic, where a light-stem index (precise), a root index
 * (broad) and a character n-gram index (soft) together beat any one alone. Dense typed buffers,
 * reused per search.
 *
 * A `soft` part (the n-grams) only re-ranks: it adds score to verses a word part found, never
 * finds a verse by itself (a fragment like `انت` in a word the Quran does not have must not turn
 * "no relevant verses" into random ones), and its coverage goes into `softCoverage`, not `coverage`.
 */
import type { Bm25Index, Bm25SearchOptions, Bm25Stats } from './bm25-index.js';
import { analyzeQuery } from '../analysis/text-analyzer.js';
import { topLexicalHits, type LexicalHit } from './lexical-hit.js';

export interface BlendPart {
  readonly index: Bm25Index;
  readonly weight: number;
  /** Re-rank only: adds score to verses the other parts found, and reports `softCoverage`. Default false. */
  readonly soft?: boolean;
}

/** What the engine asks of a track's lexical index (a `Bm25Index` or a `BlendedIndex`). */
export interface LexicalSearcher {
  searchText(text: string, k: number, options?: Bm25SearchOptions): LexicalHit[];
  /** Share (0..1) of the query's words that any indexed text uses; 1 for a query with none. */
  knownWordShare(text: string): number;
  readonly stats: Bm25Stats;
}

export class BlendedIndex implements LexicalSearcher {
  readonly parts: readonly BlendPart[];
  readonly #scores: Float32Array;
  readonly #coverage: Float32Array;
  readonly #softCoverage: Float32Array;
  readonly #hasSoft: boolean;
  readonly #touched: Uint16Array;
  readonly #marked: Uint8Array;

  constructor(parts: readonly BlendPart[]) {
    const n = parts[0]?.index.stats.docCount;
    if (n === undefined || parts.some((p) => p.index.stats.docCount !== n)) {
      throw new RangeError('a blended index needs at least one part, and every part must index the same verses');
    }
    if (parts.every((p) => p.soft)) throw new RangeError('a blended index needs a part that is not soft: soft parts only re-rank what another part finds');
    // Word parts first: a soft part may only add to the verses they touched.
    this.parts = [...parts.filter((p) => !p.soft), ...parts.filter((p) => p.soft)];
    this.#hasSoft = parts.some((p) => p.soft);
    this.#scores = new Float32Array(n);
    this.#coverage = new Float32Array(n);
    this.#softCoverage = new Float32Array(n);
    this.#touched = new Uint16Array(n);
    this.#marked = new Uint8Array(n);
  }

  /** Sizes summed over the parts (`docCount` and `avgDocLength` of the first). */
  get stats(): Bm25Stats {
    const all = this.parts.map((p) => p.index.stats);
    return {
      docCount: all[0]!.docCount,
      avgDocLength: all[0]!.avgDocLength,
      termCount: all.reduce((n, s) => n + s.termCount, 0),
      postingCount: all.reduce((n, s) => n + s.postingCount, 0),
      bytes: all.reduce((n, s) => n + s.bytes, 0),
    };
  }

  knownWordShare(text: string): number {
    return this.parts[0]!.index.knownWordShare(text);
  }

  searchText(text: string, k: number, options: Bm25SearchOptions = {}): LexicalHit[] {
    const scores = this.#scores;
    const coverage = this.#coverage;
    const soft = this.#softCoverage;
    const touched = this.#touched;
    const marked = this.#marked;
    let count = 0;
    for (const part of this.parts) {
      const { index, weight } = part;
      if (part.soft) {
        index.visitScores(analyzeQuery(index.analyzer, text), options, (d, s, c) => {
          if (marked[d] === 0) return;
          scores[d]! += weight * s;
          if (c > soft[d]!) soft[d] = c;
        });
        continue;
      }
      index.visitScores(analyzeQuery(index.analyzer, text), options, (d, s, c) => {
        if (marked[d] === 0) {
          marked[d] = 1;
          touched[count++] = d;
        }
        scores[d]! += weight * s;
        if (c > coverage[d]!) coverage[d] = c;
      });
    }
    const hits = topLexicalHits(scores, coverage, touched, count, k);
    const withSoft = this.#hasSoft ? hits.map((h) => ({ ...h, softCoverage: Math.max(h.coverage, Math.min(1, soft[h.index]!)) })) : hits;
    for (let i = 0; i < count; i++) {
      const d = touched[i]!;
      scores[d] = 0;
      coverage[d] = 0;
      soft[d] = 0;
      marked[d] = 0;
    }
    return withSoft;
  }
}
