/**
 * Section evidence: a verse ranks higher when its ruku (the traditional thematic section of
 * the mushaf, about 11 verses) matches the question as a whole. A question's words are often
 * spread over a passage rather than packed into one verse; BM25 over whole rukus, with each
 * ruku's share of the query (coverage), sees that where verse scores and neighbour smoothing
 * do not. Rukus never cross a surah, so neither does this. Measured in ADR 0008.
 *
 * The section indexes are merged from the verse indexes (`Bm25Index.mergeDocuments`): no text
 * is analysed again and nothing more is stored in a snapshot.
 */
import type { Bm25Index } from '../index/bm25-index.js';
import type { LexicalHit } from '../index/lexical-hit.js';
import { analyzeQuery } from '../analysis/text-analyzer.js';

export interface SectionPart {
  /** A BM25 index whose documents are sections. */
  readonly index: Bm25Index;
  readonly weight: number;
}

export class SectionEvidence {
  readonly #parts: readonly SectionPart[];
  readonly #sectionOf: Uint16Array;
  readonly #scores: Float32Array;

  /** @param sectionOf the section of each verse index (what the parts' documents are) */
  constructor(parts: readonly SectionPart[], sectionOf: Uint16Array) {
    const count = parts[0]?.index.stats.docCount;
    if (count === undefined || parts.some((p) => p.index.stats.docCount !== count)) {
      throw new RangeError('section evidence needs at least one part, and every part must index the same sections');
    }
    this.#parts = parts;
    this.#sectionOf = sectionOf;
    this.#scores = new Float32Array(count);
  }

  /**
   * `hits` (best first) re-ranked by score + weight × best score × (its section's score ÷ the
   * best section's score), where a section scores Σ part weight × BM25 × coverage. The top
   * hit's scale is kept, so weight 0.2 lets the best section add a fifth of the best verse's
   * score. Ties keep verse order.
   */
  rerank(query: string, hits: readonly LexicalHit[], weight: number): LexicalHit[] {
    if (hits.length === 0 || !(weight > 0)) return [...hits];
    const scores = this.#scores;
    const touched: number[] = [];
    for (const part of this.#parts) {
      part.index.visitScores(analyzeQuery(part.index.analyzer, query), {}, (s, score, coverage) => {
        if (scores[s] === 0) touched.push(s);
        scores[s]! += part.weight * score * coverage;
      });
    }
    let best = 0;
    for (const s of touched) best = Math.max(best, scores[s]!);
    const top = hits[0]!.score;
    const out = best > 0 ? hits.map((h) => ({ ...h, score: h.score + (weight * top * scores[this.#sectionOf[h.index]!]!) / best })) : [...hits];
    for (const s of touched) scores[s] = 0;
    return out.sort((a, b) => b.score - a.score || a.index - b.index);
  }
}
