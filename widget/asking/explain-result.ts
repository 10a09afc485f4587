/**
 * "Explain this passage": the search result an explanation is asked from. No search runs:
 * the verse the visitor chose is the one hit and the first verse sent, with its same-surah
 * ±5 passage, so the Da'i explains it from the verses around it.
 */
import type { VerseRef } from '../../data/corpus/corpus-types.js';
import { formatRef } from '../../data/corpus/verse-range.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { ChatCorpus } from './chat-request-builder.js';

export function explainResult(ref: VerseRef, corpus: ChatCorpus): SearchResult {
  return {
    kind: 'reference',
    query: formatRef(ref),
    hits: [{ ref, index: corpus.indexOf(ref), score: 1, sources: ['reference'] }],
    passages: [{ hits: [ref], range: corpus.contextOf(ref) }],
    stage: 'direct',
  };
}
