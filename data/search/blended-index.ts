/**
 * Several BM25 indexes of the same verses blended into one ranking: score = Σ weight·score_i,
 * coverage = max coverage_i. Used for Arabic, where a light-stem index (precise), a root index
 * (broad) and a character n-gram index (soft) together beat any one alone. Dense typed buffers,
 * reused per search.
 */
import type { Bm25Index, Bm25SearchOptions, Bm25Stats } from './bm25-index.js';
import type { LexicalHit } from './lexical-hit.js';
import { analyzeQuery } from './text-analyzer.js';
import { topK } from './top-k.js';

export interface BlendPart {
  readonly index: Bm25Index;
  readonly weight: number;
}

/** What the engine asks of a track's lexical index (a `Bm25Index` or a `BlendedIndex`). */
export interface LexicalSearcher {
  searchText(text: string, k: number, options?: Bm25SearchOptions): LexicalHit[];
  readonly stats: Bm25Stats;
}

export class BlendedIndex implements LexicalSearcher {
  readonly parts: readonly BlendPart[];
  readonly #scores: Float32Array;
  readonly #coverage: Float32Array;
  readonly #touched: Uint16Array;
  readonly #marked: Uint8Array;

  constructor(parts: readonly BlendPart[]) {
    const n = parts[0]?.index.stats.docCount;
    if (n === undefined || parts.some((p) => p.index.stats.docCount !== n)) {
      throw new RangeError('a blended index needs at least one part, and every part must index the same verses');
    }
    this.parts = parts;
    this.#scores = new Float32Array(n);
    this.#coverage = new Float32Array(n);
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

  searchText(text: string, k: number, options: Bm25SearchOptions = {}): LexicalHit[] {
    const scores = this.#scores;
    const coverage = this.#coverage;
    const touched = this.#touched;
    const marked = this.#marked;
    let count = 0;
    for (const { index, weight } of this.parts) {
      index.visitScores(analyzeQuery(index.analyzer, text), options, (d, s, c) => {
        if (marked[d] === 0) {
          marked[d] = 1;
          touched[count++] = d;
        }
        scores[d]! += weight * s;
        if (c > coverage[d]!) coverage[d] = c;
      });
    }
    const hits = topK(scores, coverage, touched, count, k);
    for (let i = 0; i < count; i++) {
      const d = touched[i]!;
      scores[d] = 0;
      coverage[d] = 0;
      marked[d] = 0;
    }
    return hits;
  }
}
