/**
 * @module
 * The search engine's options and their defaults: each one the eval measured (EVAL.md names
 * the numbers behind the defaults), overridable per engine with `createSearchEngine(corpus, o)`
 * and from the eval with `--engine-options`.
 */
import type { SearchTrack } from './query/language-detect.js';
import { DEFAULT_BM25_PARAMS, type Bm25Feedback, type Bm25Params } from './index/bm25-index.js';
import { RRF_K } from './ranking/rank-fusion.js';
import type { TopicSelectionOptions } from '../topics/topic-selection.js';
import type { PastoralCareOptions } from './ranking/pastoral-care.js';

export interface SearchEngineOptions {
  /** Hits returned, best first. Default 20. */
  readonly k: number;
  /** Top hits expanded with context. Default 3. */
  readonly topContext: number;
  /** Context verses on each side of a top hit, same surah only. Default 5. */
  readonly radius: number;
  /** Reciprocal rank fusion constant. Default 60 (Cormack et al. 2009). */
  readonly rrfK: number;
  /**
   * How hybrid search merges the lexical and vector lists: `rrf` (reciprocal rank fusion, each
   * list's ranks) or `score` (min-max scaled BM25 and cosine, summed). Default `rrf`.
   */
  readonly fusion: 'rrf' | 'score';
  /**
   * Weight of the vector list in the fusion, per query track; the lexical list weighs 1 and a
   * missing track 1. How much the meaning can add depends on the question's language: verses
   * embedded in English match English questions far better than Arabic ones. Default 0.25 for
   * Arabic, 1 elsewhere: with multilingual-e5-small, Arabic questions gain from the vector list
   * only when keyword search leads (Task A train and QUQA, ADR 0012).
   */
  readonly vectorWeight: Readonly<Partial<Record<SearchTrack, number>>>;
  /** Depth of each ranking (lexical, vector) fed into the fusion. Default 100. */
  readonly candidates: number;
  /**
   * Lexical floor: a verse must match at least this share (0..1) of the query's idf mass.
   * Drops verses that only share a very common word with a long question. Default 0.05:
   * higher floors cut real answers to long questions (measured on QUQA and islamqa).
   */
  readonly lexicalMinCoverage: number;
  /**
   * Lexical abstention, per track: when no verse matches at least this share of the query's idf
   * mass, the lexical search says `none` (a missing track = 0 = never). Off by default: on Qur'an
   * QA Task A an Arabic floor of 0.4 earns credit on questions without an answer, but on QUQA it
   * abstains on two thirds of real, answerable questions. For evaluation and experiments.
   */
  readonly lexicalMinBestCoverage: Readonly<Partial<Record<SearchTrack, number>>>;
  /** Lexical floor: a verse must score at least this fraction of the best BM25 score. Default 0.1. */
  readonly lexicalMinRelativeScore: number;
  /**
   * Share of a neighbouring verse's BM25 score a verse receives, by distance (same surah only),
   * because a passage, not a lone verse, carries the meaning. Empty turns it off. Default [0.4, 0.2, 0.1].
   */
  readonly neighbourWeights: readonly number[];
  /**
   * Pseudo-relevance feedback: when no verse matches every word of the query, it is run again
   * with the 20 best terms of its 10 best verses added (the strongest at half a typed word's
   * weight). Helps long questions, leaves precise ones alone. Undefined turns it off.
   * Default { docs: 10, terms: 20, weight: 0.5 }.
   */
  readonly feedback: Bm25Feedback | undefined;
  /**
   * Arabic blends a light-stem index with a root index at this weight (0 = light stems only).
   * Default 1.
   */
  readonly arabicRootWeight: number;
  /**
   * Arabic also blends a character 4-gram index (of light stems) at this weight, so other forms
   * of a word (the verb يعلم and the noun العلم) still count in part. It only re-ranks verses the
   * stem and root indexes found. 0 leaves it out. Default 0.5.
   */
  readonly arabicNgramWeight: number;
  /**
   * When a verse explanation is loaded (`corpus.addExplanation('ar', …)`, after the first results),
   * the index of its language holds each verse's words with its explanation's (Arabic: the stem and
   * root indexes), so a question in the words a tafsir uses (a ruling, a name, what the verse is
   * about) finds the verse. Default true.
   */
  readonly explanations: boolean;
  /**
   * Coverage exponent, per track: a lexical hit's score becomes BM25 × coverage^p, so a verse
   * holding more of the question beats one that repeats a single rare word. A missing track = 0
   * = plain BM25. Default 2 for Arabic (Task A train MAP@10 and QUQA MAP@10 both rise); English is
   * left at 0 because it lowers Recall@20 on the islamqa questions (ADR 0006).
   */
  readonly coverageExponent: Readonly<Partial<Record<SearchTrack, number>>>;
  /**
   * Ruku evidence, per track: a lexical hit gains weight × the best hit's score × how well its
   * ruku (a thematic section of about 11 verses) matches the query, relative to the best ruku.
   * A missing track = 0 = off. Default 0.2 for Arabic (QUQA MAP@10 and Recall@20 rise, Task A
   * train holds); English is left off because it lowers Recall@20 on the islamqa questions (ADR 0008).
   */
  readonly sectionWeight: Readonly<Partial<Record<SearchTrack, number>>>;
  /** BM25 k1 and b. Default k1 1.2, b 0.75. */
  readonly bm25: Bm25Params;
  /**
   * Weight of the matched topics' verse list in the fusion (the lexical list weighs 1; in hybrid
   * search it is this times the lexical and vector lists' weights together, so it keeps its
   * share: ADR 0022). The topic index knows what verses are about in the visitor's words, which
   * neither the keywords nor a small model can bridge. 0 leaves topics out.
   */
  readonly topicWeight: number;
  /** When a topic match is trusted and how many topics give verses. */
  readonly topicSelection: TopicSelectionOptions;
  /**
   * Weights of an LLM's retrieval suggestion (`SearchCallOptions.assist`) in the fusion: the
   * verses it names, and the keyword search of its query in the translation's vocabulary. Not
   * tuned (no LLM is reachable where this was built): set like the topic list, which plays the
   * same part of knowledge the small model lacks. 0 leaves a list out.
   */
  readonly assistRefsWeight: number;
  readonly assistQueryWeight: number;
  /**
   * A verse only the suggestion brought (no keyword, meaning or topic list found it) stays below
   * this many ranks: a suggestion may add candidates, and a hostile one ("refs": ["9:5", …] for a
   * question on patience) must not push what the search found out of the first ones. With
   * agreement (the search found it too) it rises by the suggestion's weight as before. Default 10.
   */
  readonly assistClearRanks: number;
  /**
   * A Latin-script question of which fewer than this share of words occur in its track's verses is
   * read as Urdu or Arabic typed in Latin letters: its topics are matched by their words alone
   * (their Roman Urdu and Arabizi words), not by a meaning the model reads poorly. Default 0.5.
   */
  readonly foreignWordShare: number;
  /**
   * A visitor in distress is met with consolation first (ADR 0028): when the question meets the
   * topics of distress, their verses join the fusion at the topic list's weight and the warning
   * verses are held back below the first ranks; or when the question's words read as distress
   * (`minDistressLogOdds`, distress-reader.ts). `topics: 0` turns it off.
   */
  readonly pastoral: Omit<PastoralCareOptions, 'keywordBoost'>;
}

export const DEFAULT_SEARCH_OPTIONS = {
  k: 20,
  topContext: 3,
  radius: 5,
  rrfK: RRF_K,
  fusion: 'rrf',
  vectorWeight: { 'arabic-search': 0.25 },
  candidates: 100,
  lexicalMinCoverage: 0.05,
  lexicalMinRelativeScore: 0.1,
  lexicalMinBestCoverage: {},
  neighbourWeights: [0.4, 0.2, 0.1],
  feedback: { docs: 10, terms: 20, weight: 0.5 },
  arabicRootWeight: 1,
  arabicNgramWeight: 0.5,
  explanations: true,
  coverageExponent: { 'arabic-search': 2 },
  sectionWeight: { 'arabic-search': 0.2 },
  bm25: DEFAULT_BM25_PARAMS,
  topicWeight: 1.5,
  topicSelection: {
    minCoverage: 0.5,
    minCoverageBesideWeakVerses: 0.2,
    quoteCoverage: 1,
    minCosine: 0.88,
    minProbability: 0.2,
    keywordBoost: 0.6,
    count: 2,
    maxVerses: 20,
  },
  assistRefsWeight: 1.5,
  assistQueryWeight: 1,
  assistClearRanks: 10,
  foreignWordShare: 0.5,
  pastoral: { minProbability: 0.2, minCoverage: 0.5, minDistressLogOdds: 0, topics: 2, maxVerses: 12, clearRanks: 10, bySharedConsolation: true },
} as const satisfies SearchEngineOptions;
