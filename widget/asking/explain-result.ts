/**
 * "Explain this passage": the search result an explanation is asked from. No search runs:
 * the verse the visitor chose is the one hit and the first verse sent, with its same-surah
 * ±5 passage, so the Da'i explains it from the verses around it.
 */
import type { VerseRange, VerseRef } from '../../data/corpus/corpus-types.js';
import type { Corpus } from '../../data/corpus/corpus.js';
import { tryParseReference } from '../../data/corpus/reference-parser.js';
import { formatRef } from '../../data/corpus/verse-range.js';
import type { SearchResult } from '../../data/search/search-result.js';
import type { ExplainRequest } from './ask-controller.js';
import type { ChatCorpus } from './chat-request-builder.js';

/** @param passage the passage the visitor saw the verse in (same surah, holding it); default its ±5 verses. */
export function explainResult(ref: VerseRef, corpus: ChatCorpus, passage?: VerseRange): SearchResult {
  const holds = passage && passage.surah === ref.surah && passage.from <= ref.ayah && ref.ayah <= passage.to;
  return {
    kind: 'reference',
    query: formatRef(ref),
    hits: [{ ref, index: corpus.indexOf(ref), score: 1, sources: ['reference'] }],
    passages: [{ hits: [ref], range: holds ? passage : corpus.contextOf(ref) }],
    stage: 'direct',
  };
}

/**
 * "Explain this passage" for `ref` (`S:A`): the verse, as the one hit with its passage (the one
 * its card showed in `shown`, when it was a top hit); undefined when `ref` is not a verse.
 */
export function explainRequest(ref: string, corpus: Corpus, shown?: SearchResult): ExplainRequest | undefined {
  const range = tryParseReference(ref, corpus);
  if (!range) return undefined;
  const verse = { surah: range.surah, ayah: range.from };
  const passage = shown?.passages.find((p) => p.hits.some((h) => h.surah === verse.surah && h.ayah === verse.ayah))?.range;
  return { ref: formatRef(verse), result: explainResult(verse, corpus, passage) };
}
