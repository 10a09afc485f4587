/**
 * The Qur'an QA 2023 Thematic Passage Collection (QPC): passage ids `S:A-B`, and the map
 * from a verse to the passages that contain it, used to score a verse retriever on Task A.
 *
 * Mapping rule for a verse that sits in two passages (4:12 is in 4:11-12 and 4:12-14;
 * 33:42-44 are in 33:41-44 and 33:42-48): the verse maps to EVERY passage containing it,
 * in collection order (the earlier-starting passage first). This mirrors how the organisers
 * built the qrels: a passage is relevant when it contains a gold verse (e.g. question 201,
 * gold verse 4:12, has both 4:11-12 and 4:12-14 as relevant passages), so retrieving the
 * verse is retrieving both. The two ids then take consecutive ranks before the cut at 10.
 */
import type { VerseRange } from '../../data/corpus/corpus-types.js';
import { refsInRange } from '../../data/corpus/verse-range.js';

export interface Passage {
  readonly id: string;
  readonly range: VerseRange;
}

export interface PassageCollection {
  readonly passages: readonly Passage[];
  /** `S:A` → passage ids containing it, in collection order. */
  readonly containing: ReadonlyMap<string, readonly string[]>;
}

/** Something that validates `S:A-B` (the corpus does: `corpus.parseRef`). */
export type RangeParser = (text: string) => VerseRange;

const PASSAGE_ID = /^\d{1,3}:\d{1,3}-\d{1,3}$/;

export function parsePassageCollection(tsv: string, parseRange: RangeParser, expectedVerses: number): PassageCollection {
  const passages: Passage[] = [];
  const containing = new Map<string, string[]>();
  tsv.split(/\r?\n/).forEach((line, i) => {
    if (line.trim() === '') return;
    const id = line.split('\t', 1)[0]!.trim();
    if (!PASSAGE_ID.test(id)) throw new Error(`QPC line ${i + 1}: "${id}" is not a passage id of the form S:A-B`);
    const range = parseRange(id);
    passages.push({ id, range });
    for (const ref of refsInRange(range)) {
      const key = `${ref.surah}:${ref.ayah}`;
      const list = containing.get(key);
      if (list) list.push(id);
      else containing.set(key, [id]);
    }
  });
  if (containing.size !== expectedVerses) {
    throw new Error(`QPC covers ${containing.size} verses, expected ${expectedVerses}; is this QQA23_TaskA_QPC_v1.1.tsv?`);
  }
  return { passages, containing };
}

/**
 * Turn a verse ranking (verse keys `S:A`, best first) into a passage ranking: each verse →
 * its passage(s), de-duplicated keeping the first occurrence, cut at `k`.
 */
export function versesToPassageRanking(verseKeys: readonly string[], collection: PassageCollection, k: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const key of verseKeys) {
    const ids = collection.containing.get(key);
    if (!ids) throw new Error(`verse ${key} is in no QPC passage; pass verse keys as surah:ayah`);
    for (const id of ids) {
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(id);
      if (out.length === k) return out;
    }
  }
  return out;
}
