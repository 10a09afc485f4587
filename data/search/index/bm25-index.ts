/**
 * Okapi BM25 over the 6,236 verses of one text track, in compact typed arrays.
 *
 * score(d, q) = Σ_t  w_q(t) · idf(t) · tf(t,d)·(k1+1) / (tf(t,d) + k1·(1 − b + b·|d|/avgdl))
 * idf(t)      = ln(1 + (N − df(t) + 0.5) / (df(t) + 0.5))        (Lucene's, never negative)
 *
 * Postings are stored by term (CSR layout): `offsets[t]..offsets[t+1]` index into `docs`
 * (Uint16, verse indices fit) and `weights` (Float32, the tf/length part precomputed at build
 * time, so a query is one multiply-add per posting). A forward index (verse → its distinct
 * terms) serves pseudo-relevance feedback. Search reuses per-index buffers: no allocation in
 * the scoring loops, only for the (at most k) hits it returns.
 *
 * Two kinds of grouping, named apart: a query word's `group` (the `QueryTerm`s that stand for
 * one typed word: the word and its variants) and a verse's surah (neighbour smoothing stays
 * inside one).
 */
import { analyzeQuery, type QueryTerm, type TextAnalyzer } from '../analysis/text-analyzer.js';
import { topLexicalHits, type LexicalHit } from './lexical-hit.js';
import {
  bm25Idf,
  buildPostings,
  mergePostings,
  restorePostings,
  transposePostings,
  type Bm25IndexData,
  type Bm25Params,
  type ForwardIndex,
  type Postings,
} from './bm25-postings.js';

export type { Bm25IndexData, Bm25Params } from './bm25-postings.js';

export type { LexicalHit } from './lexical-hit.js';

/** Receives one verse's final score and coverage (0..1). */
export type ScoreVisitor = (index: number, score: number, coverage: number) => void;
type Collector<R> = (scores: Float32Array, coverage: Float32Array, touched: Uint16Array, count: number) => R;

/** Term-frequency saturation: the usual 1.2 (values 1.2–2.0 are standard). */
export const BM25_K1 = 1.2;
/** Length normalisation: the usual 0.75 (0 = none, 1 = full). */
export const BM25_B = 0.75;

export const DEFAULT_BM25_PARAMS: Bm25Params = { k1: BM25_K1, b: BM25_B };

/** Pseudo-relevance feedback (RM3-like): expand the query with the best terms of its top verses. */
export interface Bm25Feedback {
  /** Top verses of the first pass that lend terms. */
  readonly docs: number;
  /** Expansion terms added. */
  readonly terms: number;
  /** Weight of the strongest expansion term relative to a typed word (others scale down). */
  readonly weight: number;
  /**
   * Expand only when the best first-pass verse covers less than this share of the query.
   * A query some verse matches in full is precise already and expansion only drifts from it;
   * a long question no verse matches in full is where expansion finds the topic. Default 1.
   */
  readonly belowCoverage?: number;
}

export interface Bm25SearchOptions {
  /**
   * Neighbour smoothing: a verse also gets `neighbourWeights[j-1]` × the score of each verse
   * j positions before or after it in the same surah. Verses are short and a passage carries
   * the meaning, so a verse between matching verses is likely relevant. Empty = off.
   * Needs `surahs` at build time.
   */
  readonly neighbourWeights?: readonly number[];
  readonly feedback?: Bm25Feedback;
}

export interface Bm25BuildOptions {
  /** Surah of each document; neighbours only count inside one surah. */
  readonly surahs?: Uint8Array | Uint16Array;
}

export interface Bm25Stats {
  readonly docCount: number;
  readonly termCount: number;
  readonly postingCount: number;
  readonly avgDocLength: number;
  /** Bytes held by the typed arrays (dictionary strings not counted). */
  readonly bytes: number;
}

/** Query terms in this query-word group are feedback expansions: they score but never count as coverage. */
export const FEEDBACK_GROUP = -1;

export class Bm25Index {
  readonly analyzer: TextAnalyzer;
  readonly params: Bm25Params;
  readonly #p: Postings;
  /** Built with the index; derived from the postings on first use after `restore` (feedback only needs it). */
  #forward: ForwardIndex | undefined;
  readonly #surahBounds: SurahBounds | undefined;
  /** idf of a term no verse contains: the most specific a word can be. */
  readonly #unknownIdf: number;
  // Reused per search.
  readonly #scores: Float32Array;
  readonly #coverage: Float32Array;
  readonly #touched: Uint16Array;
  readonly #marked: Uint8Array;
  readonly #smoothScores: Float32Array;
  readonly #smoothCoverage: Float32Array;
  readonly #smoothTouched: Uint16Array;
  readonly #smoothMarked: Uint8Array;
  readonly #termWeight: Float32Array;
  readonly #termTouched: Uint32Array;

  private constructor(
    analyzer: TextAnalyzer,
    params: Bm25Params,
    postings: Postings,
    forward: ForwardIndex | undefined,
    surahs: Uint8Array | Uint16Array | undefined,
  ) {
    this.analyzer = analyzer;
    this.params = params;
    this.#p = postings;
    this.#forward = forward;
    const n = postings.docLength.length;
    if (surahs && surahs.length !== n) throw new RangeError(`BM25 surahs has ${surahs.length} entries for ${n} documents`);
    this.#surahBounds = surahs ? surahBounds(surahs) : undefined;
    this.#unknownIdf = bm25Idf(n, 0);
    this.#scores = new Float32Array(n);
    this.#coverage = new Float32Array(n);
    this.#touched = new Uint16Array(n);
    this.#marked = new Uint8Array(n);
    this.#smoothScores = new Float32Array(n);
    this.#smoothCoverage = new Float32Array(n);
    this.#smoothTouched = new Uint16Array(n);
    this.#smoothMarked = new Uint8Array(n);
    this.#termWeight = new Float32Array(postings.idf.length);
    this.#termTouched = new Uint32Array(postings.idf.length);
  }

  /** Build the index of `texts` (one per verse, in verse-index order). */
  static build(texts: readonly string[], analyzer: TextAnalyzer, params: Bm25Params = DEFAULT_BM25_PARAMS, options: Bm25BuildOptions = {}): Bm25Index {
    const { postings, forward } = buildPostings(texts, analyzer, params);
    return new Bm25Index(analyzer, params, postings, forward, options.surahs);
  }

  /**
   * An index from `data()` of an index built with the same analyzer and params. Checks the
   * shape (throws a RangeError on inconsistent data), not that the analyzer still analyses the
   * texts the same way: `analyzesLike` spot-checks that.
   */
  static restore(data: Bm25IndexData, analyzer: TextAnalyzer, params: Bm25Params = DEFAULT_BM25_PARAMS, options: Bm25BuildOptions = {}): Bm25Index {
    return new Bm25Index(analyzer, params, restorePostings(data, params), undefined, options.surahs);
  }

  /**
   * An index whose documents are runs of this index's verses (e.g. rukus): `section[d]` is the
   * section of verse d, numbered 0.. in verse order. Term frequencies and lengths are summed, idf
   * is recomputed over the sections, so it scores exactly like an index built from the
   * concatenated section texts, without analysing any text again.
   */
  static mergeDocuments(source: Bm25Index, section: Uint16Array): Bm25Index {
    return new Bm25Index(source.analyzer, source.params, mergePostings(source.#p, section, source.params), undefined, undefined);
  }

  /** The built state, for a snapshot (`restore` turns it back into an index). Shares the arrays: do not modify them. */
  data(): Bm25IndexData {
    const { termNames, offsets, docs, tf, idf, docLength, avgDocLength } = this.#p;
    return { terms: termNames, offsets, docs, tf, idf, docLength, avgDocLength };
  }

  /**
   * True when the analyzer gives verse `doc`'s `text` the length the index holds and only terms
   * indexed for that verse: a cheap check that a restored index still matches the analyzer in use.
   */
  analyzesLike(doc: number, text: string): boolean {
    const { termIds, offsets, docs, docLength } = this.#p;
    if (!(doc >= 0 && doc < docLength.length)) return false;
    const terms = (this.analyzer.indexTerms ?? this.analyzer.terms).call(this.analyzer, text);
    if (Math.min(terms.length, 0xffff) !== docLength[doc]) return false;
    for (const term of terms) {
      const t = termIds.get(term);
      // Postings of a term are in verse order: binary search for `doc`.
      if (t === undefined || !sortedIncludes(docs, offsets[t]!, offsets[t + 1]!, doc)) return false;
    }
    return true;
  }

  get stats(): Bm25Stats {
    const p = this.#p;
    return {
      docCount: p.docLength.length,
      termCount: p.idf.length,
      postingCount: p.docs.length,
      avgDocLength: p.avgDocLength,
      bytes:
        p.offsets.byteLength +
        p.docs.byteLength +
        p.tf.byteLength +
        p.weights.byteLength +
        p.idf.byteLength +
        p.docLength.byteLength +
        (this.#forward ? this.#forward.docStart.byteLength + this.#forward.docTerms.byteLength : 0),
    };
  }

  /** Number of verses containing `term` (an analysed term), 0 when none. */
  documentFrequency(term: string): number {
    const t = this.#p.termIds.get(term);
    return t === undefined ? 0 : this.#p.offsets[t + 1]! - this.#p.offsets[t]!;
  }

  /** idf of an analysed term (the unknown-term idf when no verse has it). */
  idf(term: string): number {
    const t = this.#p.termIds.get(term);
    return t === undefined ? this.#unknownIdf : this.#p.idf[t]!;
  }

  /** Analyse `text` as a query and search. */
  /** Share (0..1) of the query's words (each with its expansions) that any indexed text uses; 1 for a query with none. */
  knownWordShare(text: string): number {
    const known = new Map<number, boolean>();
    for (const t of analyzeQuery(this.analyzer, text)) known.set(t.group, (known.get(t.group) ?? false) || this.documentFrequency(t.term) > 0);
    return known.size === 0 ? 1 : [...known.values()].filter(Boolean).length / known.size;
  }

  searchText(text: string, k: number, options: Bm25SearchOptions = {}): LexicalHit[] {
    return this.search(analyzeQuery(this.analyzer, text), k, options);
  }

  /** Top `k` verses for already-analysed query terms, best first (ties: lower verse index first). */
  search(query: readonly QueryTerm[], k: number, options: Bm25SearchOptions = {}): LexicalHit[] {
    return this.#run(this.#withFeedback(query, options), options.neighbourWeights, (s, c, t, n) => topLexicalHits(s, c, t, n, k));
  }

  /**
   * Every verse with a non-zero score (same scoring as `search`), in no particular order,
   * without allocating per verse: for blending several indexes of one text.
   */
  visitScores(query: readonly QueryTerm[], options: Bm25SearchOptions, visit: ScoreVisitor): void {
    this.#run(this.#withFeedback(query, options), options.neighbourWeights, (s, c, t, n) => {
      for (let i = 0; i < n; i++) visit(t[i]!, s[t[i]!]!, Math.min(1, c[t[i]!]!));
    });
  }

  /**
   * The query to score: as given, or with pseudo-relevance feedback terms added when the
   * options ask for feedback and no verse of a first pass covers the query enough.
   */
  #withFeedback(query: readonly QueryTerm[], options: Bm25SearchOptions): readonly QueryTerm[] {
    const fb = usableFeedback(options.feedback);
    if (!fb) return query;
    const first = this.#run(query, options.neighbourWeights, (s, c, t, n) => ({ best: maxCoverage(c, t, n), hits: topLexicalHits(s, c, t, n, fb.docs) }));
    const expand = first.hits.length > 0 && first.best < (fb.belowCoverage ?? 1) - 1e-6;
    return expand ? [...query, ...this.#feedbackTerms(query, first.hits, fb)] : query;
  }

  /** Score into the buffers (raw or smoothed), hand them to `collect`, then clear them. */
  #run<R>(query: readonly QueryTerm[], neighbourWeights: readonly number[] | undefined, collect: Collector<R>): R {
    const count = this.#accumulate(query);
    let result: R;
    if (count > 0 && neighbourWeights && neighbourWeights.length > 0 && this.#surahBounds) {
      const smoothCount = this.#smooth(count, neighbourWeights, this.#surahBounds);
      result = collect(this.#smoothScores, this.#smoothCoverage, this.#smoothTouched, smoothCount);
      for (let i = 0; i < smoothCount; i++) {
        const d = this.#smoothTouched[i]!;
        this.#smoothScores[d] = 0;
        this.#smoothCoverage[d] = 0;
      }
    } else {
      result = collect(this.#scores, this.#coverage, this.#touched, count);
    }
    for (let i = 0; i < count; i++) {
      const d = this.#touched[i]!;
      this.#scores[d] = 0;
      this.#coverage[d] = 0;
      this.#marked[d] = 0;
    }
    return result;
  }

  /** Raw BM25 and coverage of every matching verse into the buffers; returns how many verses it touched. */
  #accumulate(query: readonly QueryTerm[]): number {
    const { termIds, idf, offsets, docs, weights } = this.#p;
    const scores = this.#scores;
    const coverage = this.#coverage;
    const touched = this.#touched;
    const marked = this.#marked;
    let touchedCount = 0;
    // Fallback readings of a word count only when the word itself is not in the index.
    const knownWords = new Set<number>();
    for (const q of query) if (!q.fallback && termIds.has(q.term)) knownWords.add(q.group);
    const used = (q: QueryTerm) => !q.fallback || !knownWords.has(q.group);
    // Coverage denominator: each query word (its group of variants) counts once, at its most specific known term.
    const wordIdf = new Map<number, number>();
    for (const q of query) {
      if (q.group === FEEDBACK_GROUP || !used(q)) continue;
      const t = termIds.get(q.term);
      wordIdf.set(q.group, Math.max(wordIdf.get(q.group) ?? 0, t === undefined ? 0 : idf[t]!));
    }
    let totalIdf = 0;
    for (const v of wordIdf.values()) totalIdf += v > 0 ? v : this.#unknownIdf;
    for (const q of query) {
      const t = termIds.get(q.term);
      if (t === undefined || !(q.weight > 0) || !used(q)) continue;
      const factor = idf[t]! * q.weight;
      const covered = q.group === FEEDBACK_GROUP ? 0 : Math.min(idf[t]!, wordIdf.get(q.group)!) / totalIdf;
      for (let p = offsets[t]!, end = offsets[t + 1]!; p < end; p++) {
        const d = docs[p]!;
        if (marked[d] === 0) {
          marked[d] = 1;
          touched[touchedCount++] = d;
        }
        scores[d]! += factor * weights[p]!;
        coverage[d]! += covered;
      }
    }
    return touchedCount;
  }

  /**
   * Neighbour smoothing into the smooth buffers. Lists the verses with a non-zero smoothed
   * score in `smoothTouched` and returns how many. Few touched verses: visit their neighbours;
   * many: one dense pass over all 6,236 verses is cheaper than chasing neighbours.
   */
  #smooth(count: number, neighbourWeights: readonly number[], bounds: SurahBounds): number {
    const n = this.#scores.length;
    const radius = neighbourWeights.length;
    const out = this.#smoothTouched;
    const { start, end } = bounds;
    const scores = this.#scores;
    const coverage = this.#coverage;
    const smoothScores = this.#smoothScores;
    const smoothCoverage = this.#smoothCoverage;
    let smoothCount = 0;
    if (count * (2 * radius + 1) < n) {
      const mark = this.#smoothMarked;
      const touched = this.#touched;
      for (let i = 0; i < count; i++) {
        const d = touched[i]!;
        for (let m = Math.max(start[d]!, d - radius), last = Math.min(end[d]!, d + radius); m <= last; m++) {
          if (mark[m] === 0) {
            mark[m] = 1;
            out[smoothCount++] = m;
          }
        }
      }
      let kept = 0;
      for (let i = 0; i < smoothCount; i++) {
        const d = out[i]!;
        mark[d] = 0;
        if (smoothAt(d, start[d]!, end[d]!, neighbourWeights, scores, coverage, smoothScores, smoothCoverage)) out[kept++] = d;
      }
      return kept;
    }
    // Dense: shifted multiply-adds inside each surah, no per-verse branching.
    smoothScores.set(scores);
    smoothCoverage.set(coverage);
    const { firsts, lasts } = bounds;
    for (let g = 0; g < firsts.length; g++) {
      const a = firsts[g]!;
      const b = lasts[g]!;
      for (let j = 1; j <= radius; j++) {
        const w = neighbourWeights[j - 1]!;
        for (let d = a + j; d <= b; d++) {
          smoothScores[d]! += w * scores[d - j]!;
          smoothCoverage[d]! += w * coverage[d - j]!;
        }
        for (let d = a; d <= b - j; d++) {
          smoothScores[d]! += w * scores[d + j]!;
          smoothCoverage[d]! += w * coverage[d + j]!;
        }
      }
    }
    for (let d = 0; d < n; d++) if (smoothScores[d]! > 0) out[smoothCount++] = d;
    return smoothCount;
  }

  /** The best terms of the feedback verses (score-weighted idf), excluding the query's own. */
  #feedbackTerms(query: readonly QueryTerm[], top: readonly LexicalHit[], fb: Bm25Feedback): QueryTerm[] {
    const { termIds, termNames, idf, offsets } = this.#p;
    this.#forward ??= transposePostings(offsets, this.#p.docs, this.#p.docLength.length);
    const { docStart, docTerms } = this.#forward;
    const weight = this.#termWeight;
    const seen = this.#termTouched;
    let seenCount = 0;
    const best = top[0]!.score;
    for (const hit of top) {
      const share = hit.score / best;
      for (let p = docStart[hit.index]!; p < docStart[hit.index + 1]!; p++) {
        const t = docTerms[p]!;
        if (weight[t] === 0) seen[seenCount++] = t;
        weight[t]! += share * idf[t]!;
      }
    }
    const inQuery = new Set<number>();
    for (const q of query) {
      const t = termIds.get(q.term);
      if (t !== undefined) inQuery.add(t);
    }
    const chosen: number[] = [];
    for (let i = 0; i < seenCount; i++) {
      const t = seen[i]!;
      // A term of a single verse is that verse's own vocabulary, not the topic's.
      if (inQuery.has(t) || offsets[t + 1]! - offsets[t]! < 2) continue;
      chosen.push(t);
    }
    chosen.sort((a, b) => weight[b]! - weight[a]! || a - b);
    const picked = chosen.slice(0, fb.terms);
    const strongest = picked.length > 0 ? weight[picked[0]!]! : 1;
    const out = picked.map((t) => ({ term: termNames[t]!, weight: (fb.weight * weight[t]!) / strongest, group: FEEDBACK_GROUP }));
    for (let i = 0; i < seenCount; i++) weight[seen[i]!] = 0;
    return out;
  }
}

/** True when the ascending `values[from..to)` contain `value`. */
function sortedIncludes(values: Uint16Array, from: number, to: number, value: number): boolean {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo < to && values[lo] === value;
}

/** First and last document index of each document's surah. */
interface SurahBounds {
  readonly start: Int32Array;
  readonly end: Int32Array;
  /** First and last document of each surah, in order. */
  readonly firsts: Int32Array;
  readonly lasts: Int32Array;
}

function surahBounds(surahs: Uint8Array | Uint16Array): SurahBounds {
  const n = surahs.length;
  const start = new Int32Array(n);
  const end = new Int32Array(n);
  for (let d = 0; d < n; d++) start[d] = d > 0 && surahs[d - 1] === surahs[d] ? start[d - 1]! : d;
  for (let d = n - 1; d >= 0; d--) end[d] = d < n - 1 && surahs[d + 1] === surahs[d] ? end[d + 1]! : d;
  const firstIndexes: number[] = [];
  for (let d = 0; d < n; d++) if (start[d] === d) firstIndexes.push(d);
  return { start, end, firsts: Int32Array.from(firstIndexes), lasts: Int32Array.from(firstIndexes, (d) => end[d]!) };
}

/** Smoothed score and coverage of verse `d` (its surah spans first..last); true when non-zero. */
function smoothAt(
  d: number,
  first: number,
  last: number,
  weights: readonly number[],
  scores: Float32Array,
  coverage: Float32Array,
  smoothScores: Float32Array,
  smoothCoverage: Float32Array,
): boolean {
  let s = scores[d]!;
  let c = coverage[d]!;
  for (let j = 1; j <= weights.length; j++) {
    const w = weights[j - 1]!;
    if (d - j >= first) {
      s += w * scores[d - j]!;
      c += w * coverage[d - j]!;
    }
    if (d + j <= last) {
      s += w * scores[d + j]!;
      c += w * coverage[d + j]!;
    }
  }
  if (s <= 0) return false;
  smoothScores[d] = s;
  smoothCoverage[d] = c;
  return true;
}

function usableFeedback(fb: Bm25Feedback | undefined): Bm25Feedback | undefined {
  return fb && fb.docs > 0 && fb.terms > 0 && fb.weight > 0 ? fb : undefined;
}

function maxCoverage(coverage: Float32Array, touched: Uint16Array, count: number): number {
  let best = 0;
  for (let i = 0; i < count; i++) best = Math.max(best, coverage[touched[i]!]!);
  return Math.min(1, best);
}
