/**
 * Build the system under test by name. `plain-bm25` is the in-eval baseline; `lexical` is
 * the product's search engine (data/search/search-engine.ts) with its default options,
 * asked with the dataset's language as the UI-language hint; `hybrid` adds a vector index.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import { createSearchEngine, type SearchEngineOptions } from '../../data/search/search-engine.js';
import type { EngineName } from './eval-args.js';
import { createHybridRetriever } from './hybrid-retriever.js';
import { createPlainBm25Retriever } from './plain-bm25-retriever.js';
import { retrieverFromSearch } from './search-result-retriever.js';
import type { VerseRetriever } from './verse-retriever.js';
import type { TopicIndex } from '../../data/topics/topic-index.js';

export interface RetrieverOptions {
  /** Vector index directory for `hybrid` and `dense`. */
  readonly index?: string;
  /** Where the query embedder's settings come from (EMBEDDINGS_BASE_URL, GEMINI_API_KEY…). Default `process.env`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Overrides of the engine defaults (`lexical`, `hybrid`); the system name shows them. */
  readonly engineOptions?: Partial<SearchEngineOptions>;
  /** The topic index the widget ships (`lexical`, `hybrid`); absent = keywords and vectors only. */
  readonly topics?: TopicIndex;
}

/** `lexical` or `lexical {"arabicNgramWeight":0}`: a table row says which engine settings made it. */
export function systemName(base: string, engineOptions: Partial<SearchEngineOptions> | undefined): string {
  return engineOptions && Object.keys(engineOptions).length > 0 ? `${base} ${JSON.stringify(engineOptions)}` : base;
}

export async function createRetriever(name: EngineName, corpus: Corpus, options: RetrieverOptions = {}): Promise<VerseRetriever> {
  switch (name) {
    case 'plain-bm25':
      return createPlainBm25Retriever(corpus);
    case 'lexical': {
      const engine = createSearchEngine(corpus, options.engineOptions);
      engine.useTopics(options.topics);
      return retrieverFromSearch(systemName('lexical', options.engineOptions), ({ query, lang }) => engine.lexical(query, lang === undefined ? {} : { lang }));
    }
    case 'hybrid':
    case 'dense': {
      const retriever = await createHybridRetriever(corpus, options.index, options.env ?? process.env, options.engineOptions, name, options.topics);
      return { ...retriever, name: systemName(retriever.name, options.engineOptions) };
    }
  }
}
