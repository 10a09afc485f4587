/**
 * @module
 * Reads an LLM's retrieval suggestion: the reply should be one JSON object
 * `{"query": "...", "refs": ["2:153", ...]}`, but it is untrusted text. This takes the first
 * `{`…last `}` (replies often come wrapped in a code fence), parses it, keeps a query of plain
 * words and only references that are verses of the corpus (a short range gives its verses),
 * without duplicates and at most `SUGGEST_LIMITS.maxRefs`. Anything else gives an empty
 * suggestion, which changes nothing. Linear in the reply's length.
 */
import type { Corpus } from '../corpus/corpus.js';
import { formatRef, refsInRange } from '../corpus/verse-range.js';
import { SUGGEST_LIMITS, type SuggestResponse } from '../contracts/suggest-request.js';

export const EMPTY_SUGGESTION: SuggestResponse = Object.freeze({ query: '', refs: Object.freeze([]) as readonly string[] });

/** A range wider than this is not a candidate verse but a guess at a passage: its first verses only. */
const MAX_RANGE_VERSES = 3;

/** Parses an LLM reply into a checked suggestion (empty when it is not one). */
export function parseRetrievalSuggestion(reply: string, corpus: Corpus): SuggestResponse {
  const start = reply.indexOf('{');
  const end = reply.lastIndexOf('}');
  if (start < 0 || end <= start) return EMPTY_SUGGESTION;
  let value: unknown;
  try {
    value = JSON.parse(reply.slice(start, end + 1));
  } catch {
    return EMPTY_SUGGESTION;
  }
  return checkSuggestion(value, corpus);
}

/** Checks a suggestion object (from the LLM, or from the proxy in the widget) against the corpus. */
export function checkSuggestion(value: unknown, corpus: Corpus): SuggestResponse {
  if (typeof value !== 'object' || value === null) return EMPTY_SUGGESTION;
  const { query, refs } = value as { query?: unknown; refs?: unknown };
  return { query: cleanQuery(query), refs: checkedRefs(refs, corpus) };
}

/** Letters, digits, spaces and a few joining marks; no markup, no line breaks; capped. */
function cleanQuery(query: unknown): string {
  if (typeof query !== 'string') return '';
  return query
    .slice(0, SUGGEST_LIMITS.maxQueryChars * 2)
    .replace(/[^\p{L}\p{N}\p{M}'’ -]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, SUGGEST_LIMITS.maxQueryChars);
}

function checkedRefs(refs: unknown, corpus: Corpus): string[] {
  if (!Array.isArray(refs)) return [];
  const out: string[] = [];
  const seen = new Set<string>();
  for (const item of refs.slice(0, SUGGEST_LIMITS.maxRefs * 2)) {
    if (typeof item !== 'string' || item.length > 20) continue;
    let range;
    try {
      range = corpus.parseRef(item.trim());
    } catch {
      continue;
    }
    for (const ref of refsInRange(range).slice(0, MAX_RANGE_VERSES)) {
      const key = formatRef(ref);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push(key);
      if (out.length === SUGGEST_LIMITS.maxRefs) return out;
    }
  }
  return out;
}
