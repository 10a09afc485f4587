/**
 * A Da'i meets the person, not only the words. A visitor who is grieving, afraid, ashamed, lonely
 * or ill is met with consolation first, and verses of punishment, of the prohibition of praying
 * for certain dead, or of the killing of children never lead for them unless they ask about those.
 *
 * Who is in distress is read from the topics the question meets: the topic index marks the topics
 * of distress whose verses console (`care: "consolation"`: grief, losing a loved one, fear,
 * loneliness, illness, despair, guilt…). A question is met with care when
 * - by meaning, those topics together hold at least `minProbability` of the topic classifier's
 *   probability (its probabilities are comparable across questions), or
 * - by keywords, a consolation topic's words hold at least `minCoverage` of the question and no
 *   other topic's words hold more, or
 * - by its words together, a naive Bayes reading of the index's own texts (distress-reader.ts)
 *   finds it more likely a visitor in distress than not (log-odds above `minDistressLogOdds`).
 * Then the best consolation topics' verses join the fusion as a list of their own (the verses
 * most consolation topics hold first: they console in many situations, where a topic's own first
 * verse may only state its subject, "death will overtake you"), and the
 * warning verses (the topic file's `warnings`) are held back below the first `clearRanks`, except
 * those of a topic the question meets more strongly than any consolation topic (the visitor asks
 * about it: "may I pray for my father who died a non-Muslim?"), unless the question's words read
 * as distress (its words of asking, "may I", "allowed", weigh against that). DOM-free, pure.
 */
import type { TopicMatch, TopicScoring } from '../../topics/topic-index.js';

export interface PastoralCareOptions {
  /** Share of the classifier's probability the consolation topics need together (0..1). */
  readonly minProbability: number;
  /** Keyword coverage (0..1) a consolation topic needs, when no other topic's words cover more. */
  readonly minCoverage: number;
  /** Log-odds of distress, read from the question's words, above which the visitor is met with care. */
  readonly minDistressLogOdds: number;
  /** Consolation topics whose verses join the fusion. */
  readonly topics: number;
  /** At most this many of their verses join it. */
  readonly maxVerses: number;
  /** The first ranks kept free of warning verses. */
  readonly clearRanks: number;
  /** As in topic selection: a topic's score is its probability plus this × its keyword coverage. */
  readonly keywordBoost: number;
  /** Order the consolation verses by how many consolation topics hold them (most first), the topics' own order after that. */
  readonly bySharedConsolation: boolean;
}

export interface PastoralCare {
  /** The consolation topics the question meets, strongest first. */
  readonly topics: readonly TopicMatch[];
  /** Their verses (`S:A`), central first, de-duplicated. */
  readonly verses: readonly string[];
  /** Warning verses the question asks about (of a topic it meets more strongly than any consolation topic). */
  readonly askedAbout: ReadonlySet<string>;
}

interface Scored {
  readonly match: TopicMatch;
  readonly score: number;
  readonly coverage: number;
  readonly probability: number;
}

/** Each topic met, by probability + boost × coverage (a classifier) or by keyword coverage alone; strongest first. */
function scoreTopics(keyword: readonly TopicMatch[], meaning: readonly TopicMatch[], scoring: TopicScoring, boost: number): Scored[] {
  const byIndex = new Map<number, Scored>();
  const probabilities = scoring === 'probability';
  for (const m of meaning) byIndex.set(m.index, { match: m, probability: probabilities ? m.score : 0, coverage: 0, score: probabilities ? m.score : 0 });
  for (const m of keyword) {
    const coverage = m.coverage ?? 0;
    const seen = byIndex.get(m.index);
    const probability = seen?.probability ?? 0;
    byIndex.set(m.index, { match: seen?.match ?? m, probability, coverage, score: probability + (probabilities ? boost : 1) * coverage });
  }
  return [...byIndex.values()].sort((a, b) => b.score - a.score || a.match.index - b.match.index);
}

/**
 * Whether the question is met with care, and how; undefined when it is not.
 * @param keyword the topics the question's words meet (with their coverage)
 * @param meaning the classifier's topics (every topic, with its probability) or nearest topics by cosine
 * @param warnings the topic file's warning verses
 * @param distressLogOdds the question's words read for distress (TopicIndex.distressLogOdds)
 */
export function pastoralCare(
  keyword: readonly TopicMatch[],
  meaning: readonly TopicMatch[],
  scoring: TopicScoring,
  warnings: ReadonlySet<string>,
  options: PastoralCareOptions,
  distressLogOdds = -Infinity,
  consolingTopics: ReadonlyMap<string, number> = new Map(),
): PastoralCare | undefined {
  const scored = scoreTopics(keyword, meaning, scoring, options.keywordBoost);
  const consoling = scored.filter((s) => s.match.topic.care === 'consolation');
  if (consoling.length === 0) return undefined;
  const mass = scoring === 'probability' ? consoling.reduce((sum, s) => sum + s.probability, 0) : 0;
  const bestCoverage = Math.max(0, ...scored.map((s) => s.coverage));
  const byWords = consoling.some((s) => s.coverage >= options.minCoverage && s.coverage >= bestCoverage);
  const readAsDistress = distressLogOdds > options.minDistressLogOdds;
  if (mass < options.minProbability && !byWords && !readAsDistress) return undefined;
  const first = consoling[0]!;
  const askedAbout = new Set<string>();
  // Words that read as distress are no question about a ruling, though a ruling's topic shares them.
  if (!readAsDistress) {
    for (const s of scored) {
      if (s === first || s.score <= first.score) break;
      for (const v of s.match.topic.verses) if (warnings.has(v)) askedAbout.add(v);
    }
  }
  const topics = consoling.slice(0, options.topics).map((s) => s.match);
  const verses: string[] = [];
  for (const m of topics) for (const v of m.topic.verses) if (!verses.includes(v) && !warnings.has(v) && verses.length < options.maxVerses) verses.push(v);
  if (options.bySharedConsolation) verses.sort((a, b) => (consolingTopics.get(b) ?? 0) - (consolingTopics.get(a) ?? 0));
  return { topics, verses, askedAbout };
}
