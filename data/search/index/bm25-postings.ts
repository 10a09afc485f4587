/**
 * @module
 * The postings of the BM25 index (bm25-index.ts) as typed arrays: built from the verses' texts,
 * restored from a snapshot, or merged into runs of verses (rukus), with the tf weights each
 * computes the same way so all three score bit-identically.
 */
import type { TextAnalyzer } from '../analysis/text-analyzer.js';

export interface Bm25Params {
  readonly k1: number;
  readonly b: number;
}

/**
 * The built state of an index, enough to restore it without analysing the texts again
 * (`Bm25Index.restore`). Weights and the forward index are derived from it on restore with
 * the same arithmetic as the build, so a restored index scores exactly like a built one.
 */
export interface Bm25IndexData {
  /** Term of each id, in id order. */
  readonly terms: readonly string[];
  /** `offsets[t]..offsets[t+1]` are term t's postings. */
  readonly offsets: Uint32Array;
  /** Verse of each posting, ascending within a term. */
  readonly docs: Uint16Array;
  /** Term frequency of each posting (capped at 65535, as the build does). */
  readonly tf: Uint16Array | Uint8Array;
  readonly idf: Float32Array;
  readonly docLength: Uint16Array;
  readonly avgDocLength: number;
}

export interface Postings {
  readonly termIds: ReadonlyMap<string, number>;
  /** Term of each id. */
  readonly termNames: readonly string[];
  readonly offsets: Uint32Array;
  readonly docs: Uint16Array;
  /** Term frequency of each posting (kept for `data()`). */
  readonly tf: Uint16Array | Uint8Array;
  readonly weights: Float32Array;
  readonly idf: Float32Array;
  readonly docLength: Uint16Array;
  readonly avgDocLength: number;
}

/** Forward index: `docTerms[docStart[d]..docStart[d+1]]` are the distinct terms of verse d. */
export interface ForwardIndex {
  readonly docStart: Uint32Array;
  readonly docTerms: Uint32Array;
}

/** Postings and the forward index of `texts` (one per verse, in verse-index order). */
export function buildPostings(texts: readonly string[], analyzer: TextAnalyzer, params: Bm25Params): { postings: Postings; forward: ForwardIndex } {
  const n = texts.length;
  if (n > 0xffff) throw new RangeError(`BM25 index holds at most 65535 documents (Uint16 postings), got ${n}`);
  const termIds = new Map<string, number>();
  const docLength = new Uint16Array(n);
  const termsOf = analyzer.indexTerms ?? analyzer.terms;
  // Pass 1: each verse's distinct (term, tf) pairs, appended to growing flat arrays.
  // tf is counted in a per-term array (reset after each verse) instead of a Map per verse.
  let pairTerm = new Uint32Array(1 << 16);
  let pairTf = new Uint16Array(1 << 16);
  const docStart = new Uint32Array(n + 1);
  let pairs = 0;
  let totalLength = 0;
  let df = new Uint32Array(1 << 12);
  let tfOfTerm = new Uint16Array(1 << 12);
  const inDoc: number[] = [];
  for (let d = 0; d < n; d++) {
    const terms = termsOf(texts[d]!);
    docLength[d] = Math.min(terms.length, 0xffff);
    totalLength += terms.length;
    inDoc.length = 0;
    for (const term of terms) {
      let id = termIds.get(term);
      if (id === undefined) {
        id = termIds.size;
        termIds.set(term, id);
        if (id >= df.length) {
          df = grow(df, df.length * 2);
          tfOfTerm = grow(tfOfTerm, df.length);
        }
      }
      if (tfOfTerm[id] === 0) inDoc.push(id);
      if (tfOfTerm[id]! < 0xffff) tfOfTerm[id]!++;
    }
    if (pairs + inDoc.length > pairTerm.length) {
      pairTerm = grow(pairTerm, Math.max(pairTerm.length * 2, pairs + inDoc.length));
      pairTf = grow(pairTf, pairTerm.length);
    }
    for (const id of inDoc) {
      pairTerm[pairs] = id;
      pairTf[pairs] = tfOfTerm[id]!;
      tfOfTerm[id] = 0;
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
  const tfs = new Uint16Array(pairs);
  const avgDocLength = n > 0 ? totalLength / n : 0;
  for (let d = 0; d < n; d++) {
    for (let p = docStart[d]!; p < docStart[d + 1]!; p++) {
      const at = cursor[pairTerm[p]!]!++;
      docs[at] = d;
      tfs[at] = pairTf[p]!;
    }
  }
  const idf = new Float32Array(termCount);
  for (let t = 0; t < termCount; t++) idf[t] = bm25Idf(n, df[t]!);
  const weights = postingWeights(docs, tfs, docLength, avgDocLength, params);
  const docTerms = pairTerm.slice(0, pairs);
  const termNames = [...termIds.keys()];
  return { postings: { termIds, termNames, offsets, docs, tf: tfs, weights, idf, docLength, avgDocLength }, forward: { docStart, docTerms } };
}

/**
 * Postings from `data()` of an index built with the same params. Checks the shape (throws a
 * RangeError on inconsistent data), not that the analyzer still analyses the texts the same way.
 */
export function restorePostings(data: Bm25IndexData, params: Bm25Params): Postings {
  const { terms, offsets, docs, tf, idf, docLength, avgDocLength } = data;
  const termCount = terms.length;
  const postings = docs.length;
  if (offsets.length !== termCount + 1 || idf.length !== termCount || tf.length !== postings || offsets[0] !== 0 || offsets[termCount] !== postings) {
    throw new RangeError(`BM25 data is inconsistent: ${termCount} terms, ${offsets.length} offsets, ${idf.length} idf, ${postings} postings, ${tf.length} tf`);
  }
  if (!(avgDocLength >= 0)) throw new RangeError(`BM25 data has an invalid average verse length ${avgDocLength}`);
  for (let t = 0; t < termCount; t++) if (offsets[t + 1]! < offsets[t]!) throw new RangeError(`BM25 data offsets decrease at term ${t}`);
  const termIds = new Map<string, number>();
  for (let t = 0; t < termCount; t++) termIds.set(terms[t]!, t);
  if (termIds.size !== termCount) throw new RangeError('BM25 data has a duplicate term');
  const weights = postingWeights(docs, tf, docLength, avgDocLength, params);
  return { termIds, termNames: terms, offsets, docs, tf, weights, idf, docLength, avgDocLength };
}

/**
 * Postings whose documents are runs of `source`'s verses (e.g. rukus): `section[d]` is the
 * section of verse d, numbered 0.. in verse order. Term frequencies and lengths are summed and
 * idf recomputed over the sections, exactly as if built from the concatenated section texts.
 */
export function mergePostings(source: Postings, section: Uint16Array, params: Bm25Params): Postings {
  const { termIds, termNames, offsets, docs, tf, docLength } = source;
  const n = docLength.length;
  if (section.length !== n) throw new RangeError(`section map has ${section.length} entries for ${n} verses`);
  for (let d = 0; d < n; d++) {
    const step = section[d]! - (d === 0 ? 0 : section[d - 1]!);
    if (step !== 0 && !(step === 1 && d > 0)) throw new RangeError(`sections must be numbered 0.. in verse order; verse ${d} is in section ${section[d]}`);
  }
  const count = n === 0 ? 0 : section[n - 1]! + 1;
  const length = new Uint16Array(count);
  let total = 0;
  for (let d = 0; d < n; d++) {
    length[section[d]!] = Math.min(0xffff, length[section[d]!]! + docLength[d]!);
    total += docLength[d]!;
  }
  // A term's postings are in verse order, so its sections come out in order too.
  const newOffsets = new Uint32Array(offsets.length);
  const newDocs = new Uint16Array(docs.length);
  const newTf = new Uint16Array(docs.length);
  let at = 0;
  for (let t = 0; t + 1 < offsets.length; t++) {
    for (let p = offsets[t]!; p < offsets[t + 1]!; p++) {
      const s = section[docs[p]!]!;
      if (at > newOffsets[t]! && newDocs[at - 1] === s) newTf[at - 1] = Math.min(0xffff, newTf[at - 1]! + tf[p]!);
      else {
        newDocs[at] = s;
        newTf[at++] = tf[p]!;
      }
    }
    newOffsets[t + 1] = at;
  }
  const mergedDocs = newDocs.slice(0, at);
  const mergedTf = newTf.slice(0, at);
  const idf = new Float32Array(termNames.length);
  for (let t = 0; t < idf.length; t++) idf[t] = bm25Idf(count, newOffsets[t + 1]! - newOffsets[t]!);
  const avgDocLength = count > 0 ? total / count : 0;
  const weights = postingWeights(mergedDocs, mergedTf, length, avgDocLength, params);
  return { termIds, termNames, offsets: newOffsets, docs: mergedDocs, tf: mergedTf, weights, idf, docLength: length, avgDocLength };
}

/** idf(t) = ln(1 + (N − df + 0.5) / (df + 0.5)), Lucene's, never negative; df 0 gives the unknown-term idf. */
export function bm25Idf(docCount: number, df: number): number {
  return Math.log(1 + (docCount - df + 0.5) / (df + 0.5));
}

/**
 * BM25's tf part of each posting: tf·(k1+1) / (tf + k1·(1 − b + b·|d|/avgdl)). One function for
 * build and restore, so both compute bit-identical Float32 weights.
 */
function postingWeights(docs: Uint16Array, tf: Uint16Array | Uint8Array, docLength: Uint16Array, avgDocLength: number, params: Bm25Params): Float32Array {
  const { k1, b } = params;
  const n = docLength.length;
  const norm = new Float64Array(n);
  for (let d = 0; d < n; d++) norm[d] = k1 * (1 - b + (b * docLength[d]!) / (avgDocLength || 1));
  const weights = new Float32Array(docs.length);
  for (let p = 0; p < docs.length; p++) {
    const d = docs[p]!;
    if (d >= n) throw new RangeError(`BM25 data has a posting for verse ${d} of ${n}`);
    const f = tf[p]!;
    weights[p] = (f * (k1 + 1)) / (f + norm[d]!);
  }
  return weights;
}

/**
 * The forward index of term-major postings. Within a verse its terms come in id order, not text
 * order (as the build has them); feedback sums per term and sorts by (weight, id), so it gives
 * the same expansion either way.
 */
export function transposePostings(offsets: Uint32Array, docs: Uint16Array, n: number): ForwardIndex {
  const docStart = new Uint32Array(n + 1);
  for (let p = 0; p < docs.length; p++) docStart[docs[p]! + 1]!++;
  for (let d = 0; d < n; d++) docStart[d + 1]! += docStart[d]!;
  const cursor = docStart.slice(0, n);
  const docTerms = new Uint32Array(docs.length);
  for (let t = 0; t + 1 < offsets.length; t++) {
    for (let p = offsets[t]!, end = offsets[t + 1]!; p < end; p++) docTerms[cursor[docs[p]!]!++] = t;
  }
  return { docStart, docTerms };
}

function grow<T extends Uint32Array | Uint16Array>(array: T, length: number): T {
  const grown = new (array.constructor as new (n: number) => T)(length);
  grown.set(array);
  return grown;
}
