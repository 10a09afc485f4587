/**
 * Adapts `createSearchEngine` (data/search) to the widget's `WidgetSearchEngine` port, on the
 * page's main thread: the fallback when no search Worker can start (ADR 0004), and what the
 * unit tests use.
 */
import type { Corpus } from '../../data/corpus/corpus.js';
import type { VectorIndexManifest } from '../../data/index/index-manifest.js';
import type { VectorSearch } from '../../data/index/vector-search.js';
import { retrievalQuery } from '../../data/search/query/retrieval-query.js';
import type { SearchEngine } from '../../data/search/search-engine.js';
import type { WidgetSearchEngine } from './search-engine-port.js';
import type { TopicVectors } from '../../data/topics/topic-index.js';

export function adaptSearchEngine(
  engine: SearchEngine,
  corpus: Corpus,
  vectorSearch: VectorSearch | null,
  indexManifest: Pick<VectorIndexManifest, 'floors'> | null,
  /** The topic vectors the engine's topics already use (the eval loads them beside its index). */
  initialTopicVectors?: TopicVectors,
): WidgetSearchEngine {
  let topicVectors: TopicVectors | undefined = initialTopicVectors;
  // async: a throwing engine becomes a rejected promise, like the worker's.
  return {
    lexical: async (query, lang, assist) => engine.lexical(query, { lang, ...(assist ? { assist } : {}) }),
    hybrid: async (query, vector, lang, assist) =>
      vectorSearch && indexManifest
        ? engine.hybrid(
            query,
            { search: vectorSearch, vector, floors: indexManifest.floors, ...(topicVectors ? { topicVectors } : {}) },
            { lang, ...(assist ? { assist } : {}) },
          )
        : engine.lexical(query, { lang, ...(assist ? { assist } : {}) }),
    useTopics: async (data) => {
      // Loaded with the topics, not with the page: keeps the matchers out of the first-load chunk.
      const { usableTopics } = await import('../../data/topics/topic-data.js');
      const topics = await usableTopics(data, (reason) => console.warn(`quran-dai: topics are matched by keywords only (${reason})`));
      engine.useTopics(topics.index);
      topicVectors = topics.vectors;
    },
    missingTrack: async (query, lang) => {
      const track = engine.requiredTrack(query, lang);
      return track === 'arabic-search' || corpus.hasTrack(track) ? undefined : track;
    },
    retrievalQuery,
  };
}
