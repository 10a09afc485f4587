/**
 * "Explain this passage": the search result an explanation is asked from. No search runs:
 * the verse the visitor chose is the one hit and the first verse sent, with its same-surah
 * ±5 passage, so the Da'i explains it from the verses around it.
 */
import type { VerseRef } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { tryParseReference } from '../../data/corpus/reference-parser.js';
import { formatRef } from '../../data/corpus/verse-range.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { ExplainRequest } from './ask-controller.js';
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

/** "Explain this passage" for `ref` (`S:A`): the verse, as the one hit with its passage; undefined when `ref` is not a verse. */
export function explainRequest(ref: string, corpus: Corpus): ExplainRequest | undefined {
  const range = tryParseReference(ref, corpus);
  if (!range) return undefined;
  const verse = { surah: range.surah, ayah: range.from };
  return { ref: formatRef(verse), result: explainResult(verse, corpus) };
}
