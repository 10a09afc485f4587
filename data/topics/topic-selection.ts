/**
 * Which matched topics a search trusts, and the verse list they add to the fusion.
 *
 * A keyword match counts when the topic's words hold enough of the question (coverage). With
 * mean vectors, a meaning match counts when its cosine clears the embedder's topic floor, and the
 * two rankings of the topics that pass are fused by reciprocal rank. With a classifier, every
 * topic is scored by its probability plus `keywordBoost` × its keyword coverage, and counts from
 * `minProbability` (or by coverage alone): the classifier's probabilities are comparable across
 * questions, and a topic whose words the question uses wins over a near neighbour in meaning.
 * The best `count` topics give their verses, central first, the first topic's before the second's.
 */
import { reciprocalRankFusion } from '../search/ranking/rank-fusion.js';
import type { TopicMatch, TopicScoring } from './topic-index.js';

export interface TopicSelectionOptions {
  /** Keyword matches count from this coverage of the question's idf mass (0..1). */
  readonly minCoverage: number;
  /**
   * Where keywords are the only matcher, a topic also counts when its words hold the question at
   * least as well as the best verse's words do, down to this coverage: a question in the Quran's
   * own words keeps its verse, and one in a visitor's words, which no verse holds, reaches its
   * topic from a partial match. Equal to `minCoverage`: off.
   */
  readonly minCoverageBesideWeakVerses: number;
  /**
   * Where keywords are the only matcher and one verse holds at least this share of the question,
   * the visitor is quoting the Quran: a topic then counts only if its words hold the question as
   * fully as that verse's do (more than `minCoverage` asks). Above 1: off.
   */
  readonly quoteCoverage: number;
  /** Meaning matches count from this cosine (per embedder: scores of models are not comparable). */
  readonly minCosine: number;
  /** Classifier matches count from this probability (with the keyword boost added). */
  readonly minProbability: number;
  /** With a classifier: the keyword coverage (0..1) times this is added to a topic's probability. */
  readonly keywordBoost: number;
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

export function selectTopics(
  keyword: readonly TopicMatch[],
  meaning: readonly TopicMatch[],
  options: TopicSelectionOptions,
  scoring: TopicScoring = 'cosine',
): TopicSelection {
  if (scoring === 'probability' && meaning.length > 0) return selectByProbability(keyword, meaning, options);
  const byKeyword = keyword.filter((m) => (m.coverage ?? 0) >= options.minCoverage);
  const byMeaning = meaning.filter((m) => m.score >= options.minCosine);
  const matches = new Map<number, TopicMatch>();
  for (const m of [...byKeyword, ...byMeaning]) if (!matches.has(m.index)) matches.set(m.index, m);
  const fused = reciprocalRankFusion([
    { source: 'keywords', indices: byKeyword.map((m) => m.index) },
    { source: 'meaning', indices: byMeaning.map((m) => m.index) },
  ]);
  return withVerses(
    fused.slice(0, options.count).map((f) => matches.get(f.index)!),
    options,
  );
}

/** Every topic the classifier scored: probability + boost × coverage, trusted from minProbability or by coverage. */
function selectByProbability(keyword: readonly TopicMatch[], meaning: readonly TopicMatch[], options: TopicSelectionOptions): TopicSelection {
  const coverage = new Map(keyword.map((m) => [m.index, m.coverage ?? 0]));
  const scored = new Map<number, { match: TopicMatch; score: number; byWords: boolean }>();
  const add = (m: TopicMatch, probability: number) => {
    const cov = coverage.get(m.index) ?? 0;
    const byWords = cov >= options.minCoverage;
    const match: TopicMatch = byWords ? { ...m, via: 'keywords', coverage: cov } : m;
    scored.set(m.index, { match, score: probability + options.keywordBoost * cov, byWords });
  };
  for (const m of meaning) add(m, m.score);
  for (const m of keyword) if (!scored.has(m.index)) add(m, 0);
  const trusted = [...scored.values()]
    .filter((t) => t.byWords || t.score >= options.minProbability)
    .sort((a, b) => b.score - a.score || a.match.index - b.match.index);
  return withVerses(
    trusted.slice(0, options.count).map((t) => t.match),
    options,
  );
}

function withVerses(topics: readonly TopicMatch[], options: TopicSelectionOptions): TopicSelection {
  const verses: string[] = [];
  for (const m of topics) for (const v of m.topic.verses) if (!verses.includes(v) && verses.length < options.maxVerses) verses.push(v);
  return { topics, verses };
}
