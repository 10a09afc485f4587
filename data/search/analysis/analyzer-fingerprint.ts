/**
 * A short hash of what an analyzer makes of a fixed sample of text. It goes into the lexical
 * snapshot key, so a snapshot built by other analyzer code (a changed stop-word list, stemmer,
 * normaliser or n-gram rule) is refused even when nobody remembered to bump an id or version.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { analyzeQuery, type TextAnalyzer } from './text-analyzer.js';
import type { AnalyzerSample } from './analyzer-samples.js';

/** Hex digits kept: 64 bits tell analyzer versions apart with room to spare. */
const FINGERPRINT_HEX_DIGITS = 16;

/** The analyzer's index terms of the sample verses, and its terms and query terms of the sample queries, hashed. */
export function analyzerFingerprint(analyzer: TextAnalyzer, sample: AnalyzerSample): string {
  const output = {
    verses: sample.verses.map((v) => (analyzer.indexTerms ? analyzer.indexTerms(v) : analyzer.terms(v))),
    terms: sample.queries.map((q) => analyzer.terms(q)),
    queries: sample.queries.map((q) => analyzeQuery(analyzer, q).map((t) => [t.term, t.weight, t.group, t.fallback === true])),
  };
  const digest = sha256(new TextEncoder().encode(JSON.stringify(output)));
  return Array.from(digest.subarray(0, FINGERPRINT_HEX_DIGITS / 2), (b) => b.toString(16).padStart(2, '0')).join('');
}
