/**
 * Build the system under test by name. `plain-bm25` is the in-eval baseline; `lexical` and
 * `hybrid` are the product's search engine (data/search).
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import type { EngineName } from './eval-args.js';
import { createPlainBm25Retriever } from './plain-bm25-retriever.js';
import type { VerseRetriever } from './verse-retriever.js';

export interface RetrieverOptions {
  /** Vector index directory for `hybrid`. */
  readonly index?: string;
}

export async function createRetriever(name: EngineName, corpus: Corpus, _options: RetrieverOptions = {}): Promise<VerseRetriever> {
  switch (name) {
    case 'plain-bm25':
      return createPlainBm25Retriever(corpus);
    case 'lexical':
    case 'hybrid':
      throw new Error(`engine "${name}" is not wired in yet (data/search/search-engine.ts); use --engine plain-bm25`);
  }
}
