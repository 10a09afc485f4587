/**
 * Which matched topics a search trusts, and the verse list they add to the fusion.
 *
 * A keyword match counts when the topic's words hold enough of the question (coverage), a
 * meaning match when its cosine clears the embedder's topic floor; the two rankings of the
 * topics that pass are fused by reciprocal rank, and the best `count` topics give their verses,
 * central first, the first topic's before the second's.
 */
import { reciprocalRankFusion } from '../search/ranking/rank-fusion.js';
import type { TopicMatch } from './topic-index.js';

export interface TopicSelectionOptions {
  /** Keyword matches count from this coverage of the question's idf mass (0..1). */
  readonly minCoverage: number;
  /** Meaning matches count from this cosine (per embedder: scores of models are not comparable). */
  readonly minCosine: number;
  /** Topics whose verses join the fusion. */
  readonly count: number;
  /** At most this many of their verses join it, the first topic's first: room is left for what keywords and meaning find. */
  readonly maxVerses: number;
}

export interface TopicSelection {
  /** The trusted topics, best first. */
  readonly topics: readonly TopicMatch[];
  /** Verse keys (`S:A`) of those topics, central first, de-duplicated. */
  readonly verses: readonly string[];
}

export function selectTopics(keyword: readonly TopicMatch[], meaning: readonly TopicMatch[], options: TopicSelectionOptions): TopicSelection {
  const byKeyword = keyword.filter((m) => (m.coverage ?? 0) >= options.minCoverage);
  const byMeaning = meaning.filter((m) => m.score >= options.minCosine);
  const matches = new Map<number, TopicMatch>();
  for (const m of [...byKeyword, ...byMeaning]) if (!matches.has(m.index)) matches.set(m.index, m);
  const fused = reciprocalRankFusion([
    { source: 'keywords', indices: byKeyword.map((m) => m.index) },
    { source: 'meaning', indices: byMeaning.map((m) => m.index) },
  ]);
  const topics = fused.slice(0, options.count).map((f) => matches.get(f.index)!);
  const verses: string[] = [];
  for (const m of topics) for (const v of m.topic.verses) if (!verses.includes(v) && verses.length < options.maxVerses) verses.push(v);
  return { topics, verses };
}
