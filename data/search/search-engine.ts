/**
 * The retrieval engine: one public entry for the widget, the eval CLI and the benchmarks.
 *
 * - `lexical(query)`: BM25 over the query's language track (normalised Arabic, Saheeh English
 *   or the matching translation), available before any query embedding exists.
 * - `hybrid(query, vector)`: the same lexical ranking fused by reciprocal rank fusion with a
 *   vector ranking, after the per-embedder similarity floors.
 * - Both route references, named verses and surah names straight to their verses, expand the
 *   top hits with same-surah context, and say `none` (with a reason) instead of returning an
 *   empty list.
 *
 * @example
 * const engine = createSearchEngine(corpus);
 * const track = engine.requiredTrack(question, 'fr');       // load it first if missing
 * const first = engine.lexical(question, { lang: 'fr' });    // show at once
 * const fused = engine.hybrid(question, { search, vector, floors: manifest.floors }, { lang: 'fr' });
 */
import type { Corpus } from '../corpus/corpus.js';
import type { VerseRange } from '../corpus/corpus-types.js';
import { mergeRanges, refsInRange, rangeContains } from '../corpus/verse-range.js';
import type { VectorSearch } from '../index/vector-search.js';
import type { VectorIndexManifest } from '../index/index-manifest.js';
import type { Bm25Stats, LexicalHit } from './index/bm25-index.js';
import { DEFAULT_SEARCH_OPTIONS, type SearchEngineOptions } from './search-options.js';
import { expandTopHits } from './ranking/context-expansion.js';
import { weighByCoverage } from './ranking/coverage-weight.js';
import { detectQueryLanguage, trackForLanguage, type SearchLanguage, type SearchTrack } from './query/language-detect.js';
import { LexicalIndexes, type IndexOrigin, type SnapshotOffer } from './index/lexical-indexes.js';
import { passFloors } from './ranking/similarity-floor.js';
import { routeQuery, type QueryRoute } from './query/query-router.js';
import { reciprocalRankFusion, type FusedItem, type Ranking } from './ranking/rank-fusion.js';
import { scoreFusion } from './ranking/score-fusion.js';
import type { HitSource, MatchedTopic, QueryProblem, SearchHit, SearchPassage, SearchResult } from './search-result.js';
import { topicScoring, type TopicIndex, type TopicMatch, type TopicVectors } from '../topics/topic-index.js';
import { selectTopics, type TopicSelection } from '../topics/topic-selection.js';
import { pastoralCare, type PastoralCare } from './ranking/pastoral-care.js';
import { holdBack } from './ranking/hold-back.js';
import { hasWords } from '../contracts/question-words.js';

export { retrievalQuery, isFollowUp } from './query/retrieval-query.js';
export type { SearchLanguage, SearchTrack } from './query/language-detect.js';
export type { QueryRoute } from './query/query-router.js';
export type { Bm25Feedback, Bm25Params, Bm25Stats } from './index/bm25-index.js';
export type { IndexOrigin, SnapshotOffer } from './index/lexical-indexes.js';
export type { HitSource, MatchedTopic, SearchHit, SearchKind, SearchPassage, SearchResult } from './search-result.js';
export { DEFAULT_SEARCH_OPTIONS, type SearchEngineOptions } from './search-options.js';

/** Per-call options. */
export interface SearchCallOptions {
  /** The visitor's UI language (BCP-47); decides Latin-script languages the query itself does not give away. */
  readonly lang?: string;
  /**
   * An LLM's retrieval suggestion for this question (checked: `checkSuggestion`): its verses and
   * its query (searched in the English translation, when loaded) join the fusion as lists of
   * their own. It only adds candidates; without it the search is unchanged.
   */
  readonly assist?: RetrievalAssist;
}

export interface RetrievalAssist {
  /** A short English query in the translation's words; may be empty. */
  readonly query: string;
  /** Candidate verses `S:A`, best first, already checked against the corpus. */
  readonly refs: readonly string[];
}

/** A query vector and the index it is searched in. */
export interface VectorQuery {
  readonly search: VectorSearch;
  /** Unit-length query embedding, `search.dims` long. */
  readonly vector: Float32Array;
  /** Similarity floors of the index (from its manifest). */
  readonly floors: VectorIndexManifest['floors'];
  /** The topic index's vectors made by the same embedder, when the index has them. */
  readonly topicVectors?: TopicVectors;
}

export interface SearchEngine {
  readonly options: SearchEngineOptions;
  /** Language a query is searched in. */
  language(query: string, lang?: string): SearchLanguage;
  /** Text track a query needs; load it (`corpus.addTrack`) before `lexical` when `isTrackLoaded` says no. */
  requiredTrack(query: string, lang?: string): SearchTrack;
  isTrackLoaded(track: SearchTrack): boolean;
  /**
   * Build (or restore from an imported snapshot) a track's index now, e.g. while idle, instead of on
   * its first query; with topics in use, their matchers for the track too.
   */
  prepare(track: SearchTrack): Bm25Stats;
  /** `built` from the track's texts, `restored` from a snapshot, undefined while not yet needed. */
  indexOrigin(track: SearchTrack): IndexOrigin | undefined;
  /**
   * The track's lexical index (built now if needed) as a compact versioned snapshot, to keep
   * (e.g. in IndexedDB next to the corpus version) and `importSnapshot` on a later visit.
   */
  exportSnapshot(track: SearchTrack): Uint8Array;
  /**
   * Use a snapshot instead of building its track's index. Refused (and the index built as usual)
   * unless it was made from this corpus version with the same analyzers, BM25 params and snapshot
   * format; restoring gives exactly the scores of a fresh build. Do not modify or transfer the bytes afterwards.
   */
  importSnapshot(bytes: Uint8Array): SnapshotOffer;
  /** Where the query goes directly (reference, named verse, surah), if anywhere. */
  route(query: string): QueryRoute | undefined;
  /** Lexical results; throws a `CorpusError` (`missing-part`) when the query's track is not loaded. */
  lexical(query: string, options?: SearchCallOptions): SearchResult;
  /** Lexical fused with vector results; without the query's track it ranks by the vector alone. */
  hybrid(query: string, vector: VectorQuery, options?: SearchCallOptions): SearchResult;
  /** Vector results alone (after the floors): what meaning finds without any shared word. */
  dense(query: string, vector: VectorQuery, options?: SearchCallOptions): SearchResult;
  /**
   * Search with the topic index too from now on (it loads after the first results), or
   * without it (`undefined`). Verse references of a topic that are not in this corpus are an error.
   */
  useTopics(topics: TopicIndex | undefined): void;
  /** The topic index in use, if any. */
  readonly topics: TopicIndex | undefined;
}

/**
 * @param corpus the loaded corpus; translation tracks may be added later
 * @param options overrides of `DEFAULT_SEARCH_OPTIONS`
 */
export function createSearchEngine(corpus: Corpus, options: Partial<SearchEngineOptions> = {}): SearchEngine {
  // Topic settings given in part (an eval's --engine-options) keep the defaults of the rest.
  const opts: SearchEngineOptions = {
    ...DEFAULT_SEARCH_OPTIONS,
    ...options,
    topicSelection: { ...DEFAULT_SEARCH_OPTIONS.topicSelection, ...options.topicSelection },
    pastoral: { ...DEFAULT_SEARCH_OPTIONS.pastoral, ...options.pastoral },
  };
  for (const group of ['topicSelection', 'pastoral'] as const) {
    const defaults: Record<string, unknown> = DEFAULT_SEARCH_OPTIONS[group];
    for (const [name, value] of Object.entries(opts[group])) {
      if (typeof defaults[name] === 'boolean') {
        if (typeof value !== 'boolean') throw new RangeError(`search option ${group}.${name} must be true or false, got ${String(value)}`);
        continue;
      }
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
        throw new RangeError(`search option ${group}.${name} must be a number >= 0, got ${String(value)}`);
    }
  }
  for (const key of ['k', 'topContext', 'radius', 'candidates', 'assistClearRanks'] as const) {
    if (!Number.isInteger(opts[key]) || opts[key] < 0) throw new RangeError(`search option ${key} must be a whole number >= 0, got ${opts[key]}`);
  }
  if (opts.fusion !== 'rrf' && opts.fusion !== 'score') throw new RangeError(`search option fusion must be rrf or score, got ${String(opts.fusion)}`);
  if (opts.candidates < opts.k) throw new RangeError(`search option candidates (${opts.candidates}) must be >= k (${opts.k})`);
  // The per-track options: an object of numbers >= 0 keyed by track.
  for (const name of ['coverageExponent', 'sectionWeight', 'vectorWeight'] as const) {
    const perTrack = opts[name];
    if (typeof perTrack !== 'object' || perTrack === null)
      throw new RangeError(`search option ${name} must be an object of numbers per track, e.g. {"arabic-search":0.25}`);
    for (const [track, v] of Object.entries(perTrack)) {
      if (!(Number.isFinite(v) && v >= 0)) throw new RangeError(`search option ${name}.${track} must be a number >= 0, got ${v}`);
    }
  }
  const indexes = new LexicalIndexes(corpus, {
    bm25: opts.bm25,
    arabicRootWeight: opts.arabicRootWeight,
    arabicNgramWeight: opts.arabicNgramWeight,
    explanations: opts.explanations,
  });
  const verseCount = (surah: number) => corpus.verseCount(surah);
  let topics: TopicIndex | undefined;
  /** Each topic's verses as global indices, checked once when the index is set. */
  let topicVerseIndex = new Map<string, number>();
  let lastLexical: { key: string; hits: readonly LexicalHit[] } | undefined;

  const language = (query: string, lang?: string) => detectQueryLanguage(query, lang);
  const requiredTrack = (query: string, lang?: string) => trackForLanguage(language(query, lang));

  /** Lexical candidates that pass the lexical floor, best first (memoised for the last query). */
  function lexicalCandidates(query: string, track: SearchTrack): readonly LexicalHit[] {
    const key = `${track}\u0000${query}`;
    if (lastLexical?.key === key) return lastLexical.hits;
    const raw = indexes.get(track).searchText(query, opts.candidates, {
      neighbourWeights: opts.neighbourWeights,
      ...(opts.feedback ? { feedback: opts.feedback } : {}),
    });
    const minScore = (raw[0]?.score ?? 0) * opts.lexicalMinRelativeScore;
    const best = raw.reduce((m, h) => Math.max(m, h.coverage), 0);
    const passed = best < (opts.lexicalMinBestCoverage[track] ?? 0) ? [] : raw.filter((h) => h.coverage >= opts.lexicalMinCoverage && h.score >= minScore);
    const weighed = weighByCoverage(passed, opts.coverageExponent[track] ?? 0);
    const sectionWeight = opts.sectionWeight[track] ?? 0;
    const hits = sectionWeight > 0 ? indexes.sections(track).rerank(query, weighed, sectionWeight) : weighed;
    lastLexical = { key, hits };
    return hits;
  }

  /**
   * The trusted topics for a query (keywords always; meaning when a vector and topic vectors are
   * given), and whether the visitor is met with care.
   */
  function topicSelection(query: string, track: SearchTrack, vq?: VectorQuery, bestVerseCoverage = 1): TopicEvidence {
    if (!topics || opts.topicWeight <= 0) return {};
    const tv = vq?.topicVectors && vq.topicVectors.dims === vq.vector.length ? vq.topicVectors : undefined;
    const scoring = tv ? topicScoring(tv) : 'cosine';
    // A classifier scores every topic, so a topic found by its words alone has its probability too.
    const wide = scoring === 'probability';
    const keyword = topics.matchTextOnTrack(query, track, wide ? 10 : 5);
    const meaning: TopicMatch[] = tv ? topics.matchVector(vq!.vector, tv, wide ? topics.topics.length : 5) : [];
    // Most of a Latin-script question's words unknown to its track's verses: Urdu or Arabic typed in
    // Latin letters (Roman Urdu, Arabizi), which the model reads poorly, so a topic its words meet
    // (their Roman Urdu and Arabizi words) counts for more. A question in a language with no
    // translation (German) meets no topic's words and is left to meaning, as before.
    const foreign = meaning.length > 0 && LATIN_TRACKS.has(track) && knownWordShare(query, track) < opts.foreignWordShare;
    const sel = foreign ? { ...opts.topicSelection, keywordBoost: opts.topicSelection.keywordBoost * FOREIGN_KEYWORD_BOOST } : opts.topicSelection;
    // Keywords alone: the coverage a topic needs follows the best verse's (between the two floors),
    // and a question one verse holds whole is a quotation, which a topic must hold as fully.
    const minCoverage =
      meaning.length > 0
        ? sel.minCoverage
        : bestVerseCoverage >= sel.quoteCoverage
          ? Math.max(sel.minCoverage, bestVerseCoverage)
          : Math.min(sel.minCoverage, Math.max(sel.minCoverageBesideWeakVerses, bestVerseCoverage));
    const selected = selectTopics(keyword, meaning, { ...sel, minCoverage }, scoring);
    const care =
      opts.pastoral.topics > 0
        ? pastoralCare(
            keyword,
            meaning,
            scoring,
            topics.warnings,
            { ...opts.pastoral, keywordBoost: sel.keywordBoost },
            topics.distressLogOdds(query, track),
            topics.consolingTopics,
          )
        : undefined;
    return { ...(selected.topics.length > 0 ? { selected } : {}), ...(care ? { care } : {}) };
  }

  /** Share of the question's words that the track's verses use at all (1 before the track is loaded). */
  const knownWordShare = (query: string, track: SearchTrack): number => (indexes.isLoaded(track) ? indexes.get(track).knownWordShare(query) : 1);

  /** The consolation list of a visitor met with care, weighed like the topic list. */
  const careRanking = (care: PastoralCare | undefined, weight: number) => ({
    source: 'care',
    indices: care ? care.verses.map((v) => topicVerseIndex.get(v)!) : [],
    weight,
  });

  /** Verses only the LLM's suggestion found, held below the first ranks (`assistClearRanks`). */
  function withSuggestionBelow(fused: readonly FusedItem[]): readonly FusedItem[] {
    const own = (f: FusedItem) => ['lexical', 'vector', 'topic', 'care'].some((source) => f.ranks[source] !== undefined);
    const suggested = (f: FusedItem) => !own(f) && (f.ranks['assist-refs'] !== undefined || f.ranks['assist-query'] !== undefined);
    return fused.some(suggested) ? holdBack(fused, suggested, opts.assistClearRanks) : fused;
  }

  /** The fused ranking with the warning verses held back below the first ranks, for a visitor met with care. */
  function withCare(fused: readonly FusedItem[], care: PastoralCare | undefined): readonly FusedItem[] {
    if (!care || !topics || topics.warnings.size === 0) return fused;
    const warnings = topics.warnings;
    return holdBack(
      fused,
      (f) => {
        const key = refKey(corpus.refAt(f.index));
        return warnings.has(key) && !care.askedAbout.has(key);
      },
      opts.pastoral.clearRanks,
    );
  }

  const topicList = (selected: TopicSelection | undefined): number[] => (selected ? selected.verses.map((v) => topicVerseIndex.get(v)!) : []);
  const refKey = (ref: { surah: number; ayah: number }) => `${ref.surah}:${ref.ayah}`;
  /** The topics a result shows as matched: the trusted ones, then those of care the visitor met. */
  const matchedTopics = (selected: TopicSelection | undefined, care?: PastoralCare): { topics?: MatchedTopic[] } => {
    const matched = [...(selected?.topics ?? [])];
    for (const m of care?.topics ?? []) if (!matched.some((t) => t.index === m.index)) matched.push(m);
    return matched.length > 0 ? { topics: matched.map((m) => ({ id: m.topic.id, via: m.via })) } : {};
  };

  function passagesOf(hits: readonly SearchHit[]): SearchPassage[] {
    return expandTopHits(
      hits.map((h) => h.ref),
      verseCount,
      opts.topContext,
      opts.radius,
    );
  }

  function direct(query: string, route: QueryRoute): SearchResult {
    if (route.kind === 'invalid') return none(query, 'direct', route.reason, route.missing && { kind: 'no-such-verse', ...route.missing });
    const ranges: readonly VerseRange[] = route.kind === 'surah' ? [{ surah: route.surah, from: 1, to: verseCount(route.surah) }] : route.ranges;
    const refs = ranges.flatMap(refsInRange).slice(0, opts.k);
    const hits: SearchHit[] = refs.map((ref) => ({ ref, index: corpus.indexOf(ref), score: 1, sources: ['reference'] }));
    let passages: SearchPassage[];
    if (route.kind === 'surah') {
      // A surah is read from its start: one passage of the first 2·radius+1 verses.
      const range = { surah: route.surah, from: 1, to: Math.min(verseCount(route.surah), 2 * opts.radius + 1) };
      passages = [{ range, hits: refs.filter((r) => rangeContains(range, r)) }];
    } else {
      // The asked-for verses with ±radius context on both ends (same surah); a long range stays whole.
      const windows = mergeRanges(
        ranges.map((r) => ({ surah: r.surah, from: Math.max(1, r.from - opts.radius), to: Math.min(verseCount(r.surah), r.to + opts.radius) })),
      );
      passages = windows.map((range) => ({ range, hits: refs.filter((r) => rangeContains(range, r)) }));
    }
    return { kind: route.kind === 'surah' ? 'surah' : 'reference', query, hits, passages, stage: 'direct' };
  }

  function lexical(query: string, call: SearchCallOptions = {}): SearchResult {
    const route = routeQuery(query, corpus);
    if (route) return direct(query, route);
    if (!query.trim()) return none(query, 'lexical', 'the query is empty');
    if (!hasWords(query)) return noWords(query);
    const track = requiredTrack(query, call.lang);
    const lexicalHits = lexicalCandidates(query, track);
    const { selected, care } = topicSelection(
      query,
      track,
      undefined,
      lexicalHits.reduce((m, h) => Math.max(m, h.coverage), 0),
    );
    const own = [
      { source: 'lexical', indices: lexicalHits.map((h) => h.index) },
      { source: 'topic', indices: topicList(selected), weight: opts.topicWeight },
      careRanking(care, opts.topicWeight),
    ];
    const assist = assistRankings(call.assist, own);
    if (!selected && !care && assist.length === 0) {
      const found = lexicalHits.slice(0, opts.k);
      if (found.length === 0) return none(query, 'lexical', 'no verse matched enough of the words of the query');
      const hits: SearchHit[] = found.map((h, i) => ({
        ref: corpus.refAt(h.index),
        index: h.index,
        score: h.score,
        sources: ['lexical'],
        lexicalRank: i + 1,
      }));
      return { kind: 'verses', query, hits, passages: passagesOf(hits), stage: 'lexical' };
    }
    const fused = withSuggestionBelow(withCare(reciprocalRankFusion([...own, ...assist], opts.rrfK), care)).slice(0, opts.k);
    if (fused.length === 0) return none(query, 'lexical', 'no verse matched enough of the words of the query');
    const hits = fused.map((f) => fusedHit(f));
    return { kind: 'verses', query, hits, passages: passagesOf(hits), stage: 'lexical', ...matchedTopics(selected, care) };
  }

  /**
   * The LLM suggestion's lists: its verses, and its query searched in the English translation
   * (the vocabulary it was asked for; skipped until that track is loaded). The query is the
   * model's own words, so its list only adds verses the search's own lists (`own`) did not find:
   * agreement comes from the verses it names, not from words it chose.
   */
  function assistRankings(assist: RetrievalAssist | undefined, own: readonly Ranking[]): { source: string; indices: number[]; weight: number }[] {
    if (!assist) return [];
    const out: { source: string; indices: number[]; weight: number }[] = [];
    const refs: number[] = [];
    for (const key of assist.refs) {
      const [surah, ayah] = key.split(':').map(Number) as [number, number];
      if (corpus.isValidRef({ surah, ayah })) refs.push(corpus.indexOf({ surah, ayah }));
    }
    if (refs.length > 0 && opts.assistRefsWeight > 0) out.push({ source: 'assist-refs', indices: refs, weight: opts.assistRefsWeight });
    if (assist.query.trim() && opts.assistQueryWeight > 0 && indexes.isLoaded('en') && hasWords(assist.query)) {
      const found = indexes.get('en').searchText(assist.query, opts.candidates, { neighbourWeights: opts.neighbourWeights });
      const minScore = (found[0]?.score ?? 0) * opts.lexicalMinRelativeScore;
      const ownVerses = new Set(own.flatMap((r) => r.indices));
      const indices = found.filter((h) => h.coverage >= opts.lexicalMinCoverage && h.score >= minScore && !ownVerses.has(h.index)).map((h) => h.index);
      if (indices.length > 0) out.push({ source: 'assist-query', indices, weight: opts.assistQueryWeight });
    }
    return out;
  }

  function fusedHit(f: FusedItem, cosine?: ReadonlyMap<number, number>): SearchHit {
    const sources: HitSource[] = [];
    const ranks: Partial<Record<'lexicalRank' | 'vectorRank' | 'topicRank' | 'assistRank', number>> = {};
    for (const [source, key] of [
      ['lexical', 'lexicalRank'],
      ['vector', 'vectorRank'],
    ] as const) {
      const rank = f.ranks[source];
      if (rank === undefined) continue;
      sources.push(source);
      ranks[key] = rank;
    }
    // The consolation list of a visitor met with care is a topic list too.
    const topicRank = Math.min(f.ranks['topic'] ?? Infinity, f.ranks['care'] ?? Infinity);
    if (topicRank !== Infinity) {
      sources.push('topic');
      ranks.topicRank = topicRank;
    }
    const assistRank = Math.min(f.ranks['assist-refs'] ?? Infinity, f.ranks['assist-query'] ?? Infinity);
    if (assistRank !== Infinity) {
      sources.push('assist');
      ranks.assistRank = assistRank;
    }
    const c = cosine?.get(f.index);
    return { ref: corpus.refAt(f.index), index: f.index, score: f.score, sources, ...ranks, ...(c === undefined ? {} : { cosine: c }) };
  }

  function fuse(query: string, vq: VectorQuery, call: SearchCallOptions, withLexical: boolean): SearchResult {
    const route = routeQuery(query, corpus);
    if (route) return direct(query, route);
    if (!query.trim()) return none(query, 'hybrid', 'the query is empty');
    if (!hasWords(query)) return noWords(query);
    if (vq.vector.length !== vq.search.dims) {
      throw new RangeError(
        `query vector has ${vq.vector.length} dimensions but the ${vq.search.kind} index has ${vq.search.dims}; embed the query with the index's embedder`,
      );
    }
    const track = requiredTrack(query, call.lang);
    const lexicalHits = withLexical && indexes.isLoaded(track) ? lexicalCandidates(query, track) : [];
    const vectorRaw = vq.search.search(vq.vector, opts.candidates);
    const vectorHits = passFloors(vectorRaw, vq.floors);
    const cosine = new Map(vectorRaw.map((h) => [h.index, h.score]));
    const vectorWeight = opts.vectorWeight[track] ?? 1;
    const { selected, care } = withLexical ? topicSelection(query, track, vq) : {};
    // The topic list keeps the share of the fusion it has beside keywords alone: it weighs
    // topicWeight times all the lists it competes with (the lexical list weighs 1).
    const topicRanking = { source: 'topic', indices: topicList(selected), weight: opts.topicWeight * (1 + vectorWeight) };
    const own = [
      { source: 'lexical', indices: lexicalHits.map((h) => h.index) },
      { source: 'vector', indices: vectorHits.map((h) => h.index), weight: vectorWeight },
      topicRanking,
      careRanking(care, topicRanking.weight),
    ];
    const fused =
      opts.fusion === 'score'
        ? scoreFusion([
            { source: 'lexical', hits: lexicalHits },
            { source: 'vector', hits: vectorHits, weight: vectorWeight },
          ])
        : reciprocalRankFusion([...own, ...(withLexical ? assistRankings(call.assist, own) : [])], opts.rrfK);
    const ranked = withSuggestionBelow(withCare(fused, care)).slice(0, opts.k);
    if (ranked.length === 0) {
      return none(query, 'hybrid', 'no verse passed the similarity floor and none matched enough of the words of the query');
    }
    const hits = ranked.map((f) => fusedHit(f, cosine));
    return { kind: 'verses', query, hits, passages: passagesOf(hits), stage: 'hybrid', ...matchedTopics(selected, care) };
  }

  const hybrid = (query: string, vq: VectorQuery, call: SearchCallOptions = {}) => fuse(query, vq, call, true);
  const dense = (query: string, vq: VectorQuery, call: SearchCallOptions = {}) => fuse(query, vq, call, false);

  return {
    options: opts,
    language,
    requiredTrack,
    isTrackLoaded: (track) => indexes.isLoaded(track),
    prepare: (track) => {
      const stats = indexes.get(track).stats;
      // The ruku indexes too, so the first query does not wait for them.
      if ((opts.sectionWeight[track] ?? 0) > 0) indexes.sections(track);
      if (topics && opts.topicWeight > 0) topics.prepare(track);
      return stats;
    },
    indexOrigin: (track) => indexes.origin(track),
    exportSnapshot: (track) => indexes.snapshot(track),
    importSnapshot: (bytes) => indexes.offerSnapshot(bytes),
    route: (query) => routeQuery(query, corpus),
    lexical,
    hybrid,
    dense,
    useTopics(index) {
      const verseIndex = new Map<string, number>();
      for (const topic of index?.topics ?? []) {
        for (const key of topic.verses) {
          const [surah, ayah] = key.split(':').map(Number) as [number, number];
          if (!corpus.isValidRef({ surah, ayah }))
            throw new RangeError(`topic ${topic.id} names ${key}, which is not a verse of this corpus; rebuild the topics with npm run build:topics`);
          verseIndex.set(key, corpus.indexOf({ surah, ayah }));
        }
      }
      topics = index;
      topicVerseIndex = verseIndex;
      lastLexical = undefined;
    },
    get topics() {
      return topics;
    },
  };
}

/** What the topics say of a question: the trusted topics, and whether the visitor is met with care. */
interface TopicEvidence {
  readonly selected?: TopicSelection;
  readonly care?: PastoralCare;
}

/** Tracks of Latin-script languages (and transliteration), where romanized Urdu and Arabic land. */
const LATIN_TRACKS: ReadonlySet<SearchTrack> = new Set(['en', 'fr', 'es', 'id', 'tr', 'sv', 'translit']);

/** How much more a topic's words weigh beside meaning for a romanized question (`foreignWordShare`). */
const FOREIGN_KEYWORD_BOOST = 2.5;

function none(query: string, stage: SearchResult['stage'], reason: string, problem?: QueryProblem): SearchResult {
  return { kind: 'none', query, hits: [], passages: [], stage, reason, ...(problem ? { problem } : {}) };
}

/**
 * "???" or "🙏": answered at once (stage `direct`), not searched, so its vector is not fused
 * either: any 20 verses would look like an answer.
 */
function noWords(query: string): SearchResult {
  return none(query, 'direct', 'the query has no words', { kind: 'no-words' });
}
