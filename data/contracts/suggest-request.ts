/**
 * The `/api/suggest` contract shared by the widget and the proxy: with an LLM key, one short,
 * cached call per question turns the visitor's words into the Quran's vocabulary and names
 * candidate verses. Both only ever add to the search; every reference is checked on each side.
 */
export interface SuggestRequest {
  /** The visitor's question (<= 1,000 characters), in any language. */
  readonly question: string;
  /** The interface language (BCP-47), a hint for the question's language. */
  readonly lang?: string;
}

export interface SuggestResponse {
  /** A short English search query in the words of the Saheeh International translation; may be empty. */
  readonly query: string;
  /** Candidate verses, `S:A`, best first, each checked against the corpus (at most `SUGGEST_LIMITS.maxRefs`). */
  readonly refs: readonly string[];
}

export const SUGGEST_LIMITS = {
  maxQuestionChars: 1000,
  maxQueryChars: 200,
  maxRefs: 10,
} as const;
