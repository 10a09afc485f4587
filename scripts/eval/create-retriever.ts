/**
 * Build the system under test by name. `plain-bm25` is the in-eval baseline; `lexical` is
 * the product's search engine (data/search/search-engine.ts) with its default options,
 * asked with the dataset's language as the UI-language hint; `hybrid` adds a vector index.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import { createSearchEngine } from '../../data/search/search-engine.js';
import type { EngineName } from './eval-args.js';
import { createHybridRetriever } from './hybrid-retriever.js';
import { createPlainBm25Retriever } from './plain-bm25-retriever.js';
import { retrieverFromSearch } from './search-result-retriever.js';
import type { VerseRetriever } from './verse-retriever.js';

export interface RetrieverOptions {
  /** Vector index directory for `hybrid`. */
  readonly index?: string;
}

export async function createRetriever(name: EngineName, corpus: Corpus, options: RetrieverOptions = {}): Promise<VerseRetriever> {
  switch (name) {
    case 'plain-bm25':
      return createPlainBm25Retriever(corpus);
    case 'lexical': {
      const engine = createSearchEngine(corpus);
      return retrieverFromSearch('lexical', ({ query, lang }) => engine.lexical(query, lang === undefined ? {} : { lang }));
    }
    case 'hybrid':
      return createHybridRetriever(corpus, options.index);
  }
}
