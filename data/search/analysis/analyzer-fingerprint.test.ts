import { describe, expect, it } from 'vitest';
import { analyzerFingerprint } from './analyzer-fingerprint.js';
import { ANALYZER_SAMPLES } from './analyzer-samples.js';
import { createArabicAnalyzer, createArabicRootAnalyzer } from './arabic-analyzer.js';
import { createArabicNgramAnalyzer } from './arabic-ngram-analyzer.js';
import { createEnglishAnalyzer } from './english-analyzer.js';
import { analyzerForTrack } from '../index/lexical-indexes.js';
import type { SearchTrack } from '../query/language-detect.js';
import type { TextAnalyzer } from './text-analyzer.js';

/** The English analyzer with `extra` as one more stop word, under the same id. */
function withStopWord(analyzer: TextAnalyzer, extra: string): TextAnalyzer {
  const drop = (terms: string[]) => terms.filter((t) => t !== extra);
  return { id: analyzer.id, terms: (text) => drop(analyzer.terms(text)) };
}

describe('when an analyzer is fingerprinted', () => {
  it('should give the same fingerprint for the same analyzer code', () => {
    const sample = ANALYZER_SAMPLES.en;
    expect(analyzerFingerprint(createEnglishAnalyzer(), sample)).toBe(analyzerFingerprint(createEnglishAnalyzer(), sample));
    expect(analyzerFingerprint(createEnglishAnalyzer(), sample)).toMatch(/^[0-9a-f]{16}$/);
  });
  it('should change when the analyzer drops one more word, though its id is the same', () => {
    const sample = ANALYZER_SAMPLES.en;
    const plain = createEnglishAnalyzer();
    expect(plain.terms('patience and prayer')).toContain('patient');
    expect(analyzerFingerprint(withStopWord(plain, 'patient'), sample)).not.toBe(analyzerFingerprint({ id: plain.id, terms: plain.terms }, sample));
  });
  it('should tell apart the light-stem, root and n-gram Arabic analyzers', () => {
    const sample = ANALYZER_SAMPLES['arabic-search'];
    const prints = [createArabicAnalyzer(), createArabicRootAnalyzer(), createArabicNgramAnalyzer()].map((a) => analyzerFingerprint(a, sample));
    expect(new Set(prints).size).toBe(3);
  });
  it('should have a sample where every track analyzer finds terms in each verse and query', () => {
    for (const [track, sample] of Object.entries(ANALYZER_SAMPLES) as [SearchTrack, (typeof ANALYZER_SAMPLES)['en']][]) {
      const analyzer = analyzerForTrack(track);
      for (const text of [...sample.verses.filter((v) => v.length > 12), ...sample.queries])
        expect(analyzer.terms(text).length, `${track}: ${text}`).toBeGreaterThan(0);
    }
  });
});
