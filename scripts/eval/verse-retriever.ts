/**
 * What the eval asks of any system under test: a question in, verses best first out,
 * or an explicit abstention ("no relevant verses"), which Task A rewards on questions
 * that have no answer in the Quran.
 */

export interface Retrieval {
  /** Verse keys `S:A`, best first, de-duplicated. */
  readonly verses: readonly string[];
  /** True when the system said "nothing relevant" instead of ranking verses. */
  readonly abstained: boolean;
}

export interface RetrievalQuery {
  readonly query: string;
  /** Language hint from the dataset (`en`, `ar`, ...); absent → the system detects it. */
  readonly lang?: string;
}

export interface VerseRetriever {
  /** Short name for tables, e.g. `plain-bm25`, `lexical`. */
  readonly name: string;
  retrieve(query: RetrievalQuery): Promise<Retrieval>;
}

/** Keep the first occurrence of each verse key. */
export function dedupeVerses(keys: readonly string[]): string[] {
  return [...new Set(keys)];
}
