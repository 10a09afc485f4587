/**
 * Okapi BM25 over the 6,236 verses of one text track, in compact typed arrays.
 *
 * score(d, q) = Σ_t  w_q(t) · idf(t) · tf(t,d)·(k1+1) / (tf(t,d) + k1·(1 − b + b·|d|/avgdl))
 * idf(t)      = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))        (Lucene's, never negative)
 *
 * Postings are stored by term (CSR layout): `offsets[t]..offsets[t+1]` index into `docs`
 * (Uint16, verse indices fit) and `weights` (Float32, the tf/length part precomputed at build
 * time, so a query is one multiply-add per posting). Search reuses per-index buffers: no
 * allocation in the scoring loop, only for the (at most k) hits it returns.
 */
import { analyzeQuery, type QueryTerm, type TextAnalyzer } from './text-analyzer.js';

/** Term-frequency saturation: the usual 1.2 (values 1.2–2.0 are standard). */
export const BM25_K1 = 1.2;
/** Length normalisation: the usual 0.75 (0 = none, 1 = full). */
export const BM25_B = 0.75;

export interface Bm25Params {
  readonly k1: number;
  readonly b: number;
}

export const DEFAULT_BM25_PARAMS: Bm25Params = { k1: BM25_K1, b: BM25_B };

export interface Bm25SearchOptions {
  /**
   * Neighbour smoothing: a verse also gets this share of the scores of the verses just before
   * and after it in the same group (surah). Verses are short and a passage carries the meaning,
   * so a verse between two matching verses is likely relevant. 0 turns it off. Needs `groups`.
   */
  readonly neighbourWeight?: number;
}

export interface Bm25BuildOptions {
  /** Group (surah) of each document; neighbours only count inside a group. */
  readonly groups?: Uint8Array | Uint16Array;
}

/** One lexical hit. */
export interface LexicalHit {
  /** Global verse index 0..6235. */
  readonly index: number;
  readonly score: number;
  /**
   * Share (0..1) of the query's idf mass that this verse matches: 1 when it contains every
   * query word (or an expansion of it), near 0 when it only matches a common word.
   */
  readonly coverage: number;
}

export interface Bm25Stats {
  readonly docCount: number;
  readonly termCount: number;
  readonly postingCount: number;
  readonly avgDocLength: number;
  /** Bytes held by the typed arrays (dictionary strings not counted). */
  readonly bytes: number;
}

export class Bm25Index {
  readonly analyzer: TextAnalyzer;
  readonly params: Bm25Params;
  readonly #termIds: ReadonlyMap<string, number>;
  readonly #offsets: Uint32Array;
  readonly #docs: Uint16Array;
  readonly #weights: Float32Array;
  readonly #idf: Float32Array;
  readonly #docLength: Uint16Array;
  readonly #avgDocLength: number;
  /** idf of a term no verse contains: the most specific a word can be. */
  readonly #unknownIdf: number;
  // Reused per search.
  readonly #scores: Float32Array;
  readonly #coverage: Float32Array;
  readonly #touched: Uint16Array;
  readonly #marked: Uint8Array;
  readonly #smoothScores: Float32Array;
  readonly #smoothCoverage: Float32Array;
  readonly #groups: Uint8Array | Uint16Array | undefined;

  private constructor(
    analyzer: TextAnalyzer,
    params: Bm25Params,
    termIds: Map<string, number>,
    offsets: Uint32Array,
    docs: Uint16Array,
    weights: Float32Array,
    idf: Float32Array,
    docLength: Uint16Array,
    avgDocLength: number,
    groups: Uint8Array | Uint16Array | undefined,
  ) {
    this.analyzer = analyzer;
    this.params = params;
    this.#termIds = termIds;
    this.#offsets = offsets;
    this.#docs = docs;
    this.#weights = weights;
    this.#idf = idf;
    this.#docLength = docLength;
    this.#avgDocLength = avgDocLength;
    const n = docLength.length;
    this.#unknownIdf = Math.log(1 + (n + 0.5) / 0.5);
    this.#scores = new Float32Array(n);
    this.#coverage = new Float32Array(n);
    this.#touched = new Uint16Array(n);
    this.#marked = new Uint8Array(n);
    this.#smoothScores = new Float32Array(n);
    this.#smoothCoverage = new Float32Array(n);
    if (groups && groups.length !== n) throw new RangeError(`BM25 groups has ${groups.length} entries for ${n} documents`);
    this.#groups = groups;
  }

  /** Build the index of `texts` (one per verse, in verse-index order). */
  static build(texts: readonly string[], analyzer: TextAnalyzer, params: Bm25Params = DEFAULT_BM25_PARAMS, options: Bm25BuildOptions = {}): Bm25Index {
    const n = texts.length;
    if (n > 0xffff) throw new RangeError(`BM25 index holds at most 65535 documents (Uint16 postings), got ${n}`);
    const termIds = new Map<string, number>();
    const docLength = new Uint16Array(n);
    // Pass 1: each verse's distinct (term, tf) pairs, appended to growing flat arrays.
    let pairTerm = new Uint32Array(1 << 16);
    let pairTf = new Uint16Array(1 << 16);
    const docStart = new Uint32Array(n + 1);
    let pairs = 0;
    let totalLength = 0;
    const df: number[] = [];
    const tfInDoc = new Map<number, number>();
    for (let d = 0; d < n; d++) {
      const terms = analyzer.terms(texts[d]!);
      docLength[d] = Math.min(terms.length, 0xffff);
      totalLength += terms.length;
      tfInDoc.clear();
      for (const term of terms) {
        let id = termIds.get(term);
        if (id === undefined) {
          id = termIds.size;
          termIds.set(term, id);
          df.push(0);
        }
        tfInDoc.set(id, (tfInDoc.get(id) ?? 0) + 1);
      }
      if (pairs + tfInDoc.size > pairTerm.length) {
        const grownTerm = new Uint32Array(pairTerm.length * 2);
        grownTerm.set(pairTerm);
        pairTerm = grownTerm;
        const grownTf = new Uint16Array(pairTf.length * 2);
        grownTf.set(pairTf);
        pairTf = grownTf;
      }
      for (const [id, tf] of tfInDoc) {
        pairTerm[pairs] = id;
        pairTf[pairs] = Math.min(tf, 0xffff);
        pairs++;
        df[id]!++;
      }
      docStart[d + 1] = pairs;
    }
    // Pass 2: transpose to term-major postings with precomputed tf weights.
    const termCount = termIds.size;
    const offsets = new Uint32Array(termCount + 1);
    for (let t = 0; t < termCount; t++) offsets[t + 1] = offsets[t]! + df[t]!;
    const cursor = offsets.slice(0, termCount);
    const docs = new Uint16Array(pairs);
    const weights = new Float32Array(pairs);
    const avgDocLength = n > 0 ? totalLength / n : 0;
    const { k1, b } = params;
    for (let d = 0; d < n; d++) {
      const norm = k1 * (1 - b + (b * docLength[d]!) / (avgDocLength || 1));
      for (let p = docStart[d]!; p < docStart[d + 1]!; p++) {
        const t = pairTerm[p]!;
        const tf = pairTf[p]!;
        const at = cursor[t]!++;
        docs[at] = d;
        weights[at] = (tf * (k1 + 1)) / (tf + norm);
      }
    }
    const idf = new Float32Array(termCount);
    for (let t = 0; t < termCount; t++) idf[t] = Math.log(1 + (n - df[t]! + 0.5) / (df[t]! + 0.5));
    return new Bm25Index(analyzer, params, termIds, offsets, docs, weights, idf, docLength, avgDocLength, options.groups);
  }

  get stats(): Bm25Stats {
    return {
      docCount: this.#docLength.length,
      termCount: this.#idf.length,
      postingCount: this.#docs.length,
      avgDocLength: this.#avgDocLength,
      bytes: this.#offsets.byteLength + this.#docs.byteLength + this.#weights.byteLength + this.#idf.byteLength + this.#docLength.byteLength,
    };
  }

  /** Number of verses containing `term` (an analysed term), 0 when none. */
  documentFrequency(term: string): number {
    const t = this.#termIds.get(term);
    return t === undefined ? 0 : this.#offsets[t + 1]! - this.#offsets[t]!;
  }

  /** idf of an analysed term (the unknown-term idf when no verse has it). */
  idf(term: string): number {
    const t = this.#termIds.get(term);
    return t === undefined ? this.#unknownIdf : this.#idf[t]!;
  }

  /** Analyse `text` as a query and search. */
  searchText(text: string, k: number, options: Bm25SearchOptions = {}): LexicalHit[] {
    return this.search(analyzeQuery(this.analyzer, text), k, options);
  }

  /** Top `k` verses for already-analysed query terms, best first (ties: lower verse index first). */
  search(query: readonly QueryTerm[], k: number, options: Bm25SearchOptions = {}): LexicalHit[] {
    const scores = this.#scores;
    const coverage = this.#coverage;
    const touched = this.#touched;
    const marked = this.#marked;
    let touchedCount = 0;
    // Coverage denominator: each query word (group) counts once, at its most specific known term.
    const groupIdf = new Map<number, number>();
    for (const q of query) {
      const t = this.#termIds.get(q.term);
      const idf = t === undefined ? 0 : this.#idf[t]!;
      groupIdf.set(q.group, Math.max(groupIdf.get(q.group) ?? 0, idf));
    }
    let totalIdf = 0;
    for (const v of groupIdf.values()) totalIdf += v > 0 ? v : this.#unknownIdf;
    for (const q of query) {
      const t = this.#termIds.get(q.term);
      if (t === undefined || !(q.weight > 0)) continue;
      const idf = this.#idf[t]!;
      const factor = idf * q.weight;
      const covered = Math.min(idf, groupIdf.get(q.group)!) / totalIdf;
      for (let p = this.#offsets[t]!, end = this.#offsets[t + 1]!; p < end; p++) {
        const d = this.#docs[p]!;
        if (marked[d] === 0) {
          marked[d] = 1;
          touched[touchedCount++] = d;
        }
        scores[d]! += factor * this.#weights[p]!;
        coverage[d]! += covered;
      }
    }
    const weight = options.neighbourWeight ?? 0;
    const groups = this.#groups;
    let hits: LexicalHit[];
    if (weight > 0 && groups) {
      const n = scores.length;
      const direct = touchedCount;
      for (let i = 0; i < direct; i++) {
        const d = touched[i]!;
        if (d > 0 && marked[d - 1] === 0 && groups[d - 1] === groups[d]) {
          marked[d - 1] = 1;
          touched[touchedCount++] = d - 1;
        }
        if (d + 1 < n && marked[d + 1] === 0 && groups[d + 1] === groups[d]) {
          marked[d + 1] = 1;
          touched[touchedCount++] = d + 1;
        }
      }
      const smoothScores = this.#smoothScores;
      const smoothCoverage = this.#smoothCoverage;
      for (let i = 0; i < touchedCount; i++) {
        const d = touched[i]!;
        let s = scores[d]!;
        let c = coverage[d]!;
        if (d > 0 && groups[d - 1] === groups[d]) {
          s += weight * scores[d - 1]!;
          c += weight * coverage[d - 1]!;
        }
        if (d + 1 < n && groups[d + 1] === groups[d]) {
          s += weight * scores[d + 1]!;
          c += weight * coverage[d + 1]!;
        }
        smoothScores[d] = s;
        smoothCoverage[d] = c;
      }
      hits = topK(smoothScores, smoothCoverage, touched, touchedCount, k);
      for (let i = 0; i < touchedCount; i++) {
        smoothScores[touched[i]!] = 0;
        smoothCoverage[touched[i]!] = 0;
      }
    } else {
      hits = topK(scores, coverage, touched, touchedCount, k);
    }
    for (let i = 0; i < touchedCount; i++) {
      const d = touched[i]!;
      scores[d] = 0;
      coverage[d] = 0;
      marked[d] = 0;
    }
    return hits;
  }
}

/** Best `k` of the touched verses by score (insertion into a sorted window; k is small). */
function topK(scores: Float32Array, coverage: Float32Array, touched: Uint16Array, count: number, k: number): LexicalHit[] {
  const size = Math.min(k, count);
  if (size <= 0) return [];
  const best = new Int32Array(size);
  let filled = 0;
  for (let i = 0; i < count; i++) {
    const d = touched[i]!;
    const s = scores[d]!;
    if (filled === size) {
      const last = best[size - 1]!;
      if (s < scores[last]! || (s === scores[last]! && d > last)) continue;
    }
    let j = filled < size ? filled++ : size - 1;
    while (j > 0) {
      const prev = best[j - 1]!;
      if (scores[prev]! > s || (scores[prev]! === s && prev < d)) break;
      best[j] = prev;
      j--;
    }
    best[j] = d;
  }
  const hits: LexicalHit[] = [];
  for (let i = 0; i < filled; i++) {
    const d = best[i]!;
    hits.push({ index: d, score: scores[d]!, coverage: Math.min(1, coverage[d]!) });
  }
  return hits;
}
