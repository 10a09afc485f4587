/**
 * The search the widget builds after loading the data, as the probe measures it: BM25 over
 * the English translation and the normalised Arabic (data/search/).
 */
import type { Corpus } from '../../../data/corpus/corpus.js';
import { Bm25Index } from '../../../data/search/bm25-index.js';
import { createEnglishAnalyzer } from '../../../data/search/english-analyzer.js';
import { createArabicAnalyzer } from '../../../data/search/arabic-analyzer.js';

/** Build the lexical indexes; the returned function answers a query with its hit count. */
export async function buildProbeSearch(corpus: Corpus): Promise<(query: string) => number> {
  const english = Bm25Index.build(corpus.trackTexts('en'), createEnglishAnalyzer());
  const arabic = Bm25Index.build(corpus.trackTexts('arabic-search'), createArabicAnalyzer());
  return (query) => english.searchText(query, 20).length + arabic.searchText(query, 20).length;
}
