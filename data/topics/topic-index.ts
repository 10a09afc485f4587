/**
 * Matches a visitor's question to the topics of the Quran, short text to short text, and turns
 * the matched topics into a ranked list of verses for the search's fusion.
 *
 * Two matchers, each usable alone:
 * - keywords (always, so keyword-only sites gain too): BM25 over one short document per topic
 *   and language (its names twice, as they are the strongest evidence, its example questions,
 *   and the transliterations for Latin-script languages), analysed like the verses of that
 *   language's track;
 * - meaning (when a query vector exists): the probability of each topic under a linear
 *   classifier trained on the topics' names and questions and their verses' English text
 *   (embedded as queries), or, with
 *   older topic vectors, the cosine between the question's vector and the topic's mean vector.
 */
import { detectQueryLanguage, trackForLanguage, type SearchTrack } from '../search/query/language-detect.js';
import { analyzerForTrack } from '../search/index/lexical-indexes.js';
import { Bm25Index } from '../search/index/bm25-index.js';
import { DistressReader } from './distress-reader.js';
import type { Topic, TopicFile, TopicLang } from './topic-types.js';

/** A topic that matched, with how strongly. */
export interface TopicMatch {
  readonly topic: Topic;
  /** Position of the topic in the index (0-based). */
  readonly index: number;
  /** Matcher-specific strength: BM25 × coverage for keywords, cosine for meaning. */
  readonly score: number;
  /** Keywords: the share (0..1) of the question's idf mass the topic's words hold. */
  readonly coverage?: number;
  readonly via: 'keywords' | 'meaning';
}

/** Topic vectors for one embedder: `owners[i]` is the topic index of vector `i`. */
export interface TopicVectors {
  readonly dims: number;
  /** Unit-length vectors (mean vectors), or a classifier's weights (one per topic), `dims` apart. */
  readonly vectors: Float32Array;
  readonly owners: Uint16Array;
  /**
   * Present for a classifier: one bias per vector. A topic's score is then its probability, the
   * softmax of weights·question + bias over every topic, instead of a cosine.
   */
  readonly bias?: Float32Array;
  /** With a classifier: a question whose cosine to `center` is below `centerFloor` is unlike every topic text and matches none by meaning. */
  readonly center?: Float32Array;
  readonly centerFloor?: number;
}

/** How a topic list's meaning scores read: cosines, or a classifier's probabilities. */
export type TopicScoring = 'cosine' | 'probability';

export const topicScoring = (vectors: TopicVectors): TopicScoring => (vectors.bias ? 'probability' : 'cosine');

const LATIN_TRACKS: ReadonlySet<SearchTrack> = new Set(['en', 'fr', 'es', 'id', 'tr', 'sv', 'translit']);

/** The topic language whose words a search track's questions use. */
export function topicLangForTrack(track: SearchTrack): TopicLang {
  if (track === 'arabic-search') return 'ar';
  if (track === 'translit') return 'en';
  return track;
}

export class TopicIndex {
  readonly topics: readonly Topic[];
  /** Version of the built topic file (its manifest's), which topic vectors must match. */
  readonly version: string | undefined;
  /** Verses (`S:A`) that must not lead for a visitor in distress unless asked about (the topic file's `warnings`). */
  readonly warnings: ReadonlySet<string>;
  /** What topic vectors made for this index record and must match: the file's text version, else its version. */
  readonly vectorsVersion: string | undefined;
  /** How many consolation topics hold each verse (`S:A`): a verse many of them hold consoles in many situations. */
  readonly consolingTopics: ReadonlyMap<string, number>;
  readonly #byId: ReadonlyMap<string, number>;
  readonly #keywordIndexes = new Map<SearchTrack, Bm25Index>();

  constructor(topics: readonly Topic[], version?: string, file: Pick<TopicFile, 'warnings' | 'textVersion'> = {}) {
    if (topics.length >= 0xffff) throw new RangeError(`at most 65534 topics, got ${topics.length}`);
    this.topics = topics;
    this.version = version;
    this.warnings = new Set(file.warnings);
    this.vectorsVersion = file.textVersion ?? version;
    this.#byId = new Map(topics.map((t, i) => [t.id, i]));
    const consoling = new Map<string, number>();
    for (const t of topics) if (t.care === 'consolation') for (const v of t.verses) consoling.set(v, (consoling.get(v) ?? 0) + 1);
    this.consolingTopics = consoling;
  }

  /** A topic file's index: its topics and its warning verses. */
  static fromFile(file: TopicFile, version?: string): TopicIndex {
    return new TopicIndex(file.topics, version, file);
  }

  /** Position of a topic in the index, or undefined. */
  indexOf(id: string): number | undefined {
    return this.#byId.get(id);
  }

  get(id: string): Topic | undefined {
    const i = this.#byId.get(id);
    return i === undefined ? undefined : this.topics[i];
  }

  /** The text a track's keyword index holds for one topic. */
  static keywordDocument(topic: Topic, track: SearchTrack): string {
    const lang = topicLangForTrack(track);
    const names = topic.names[lang].join(' . ');
    const parts = [names, names, ...topic.questions[lang]];
    // Latin-script questions may be Urdu or Arabic typed in Latin letters: they meet those words too.
    if (LATIN_TRACKS.has(track)) parts.push(topic.translit.join(' . '), ...(topic.romanized?.ur ?? []), ...(topic.romanized?.ar ?? []));
    return parts.join(' . ');
  }

  #keywordIndex(track: SearchTrack): Bm25Index {
    let index = this.#keywordIndexes.get(track);
    if (!index) {
      index = Bm25Index.build(
        this.topics.map((t) => TopicIndex.keywordDocument(t, track)),
        analyzerForTrack(track),
      );
      this.#keywordIndexes.set(track, index);
    }
    return index;
  }

  /** Log-odds that a question on `track` comes from a visitor in distress, read from its words (distress-reader.ts). */
  distressLogOdds(query: string, track: SearchTrack): number {
    return this.#distressReader(track).logOdds(query);
  }

  /** Build a track's keyword index and distress reader now (e.g. while idle), instead of on the track's first question. */
  prepare(track: SearchTrack): void {
    this.#keywordIndex(track);
    this.#distressReader(track);
  }

  #distressReader(track: SearchTrack): DistressReader {
    let reader = this.#distressReaders.get(track);
    if (!reader) {
      reader = new DistressReader(this.topics, topicLangForTrack(track), analyzerForTrack(track));
      this.#distressReaders.set(track, reader);
    }
    return reader;
  }

  readonly #distressReaders = new Map<SearchTrack, DistressReader>();

  /** Topics whose words the question uses, best first (score = BM25 × coverage²); `lang` is the interface language. */
  matchText(query: string, lang?: string, k = 5): TopicMatch[] {
    return this.matchTextOnTrack(query, trackForLanguage(detectQueryLanguage(query, lang)), k);
  }

  /** The same for a question whose track the caller has already found (the search engine has). */
  matchTextOnTrack(query: string, track: SearchTrack, k = 5): TopicMatch[] {
    const hits = this.#keywordIndex(track).searchText(query, k * 4);
    return hits
      .map((h) => ({ topic: this.topics[h.index]!, index: h.index, score: h.score * h.coverage * h.coverage, coverage: h.coverage, via: 'keywords' as const }))
      .sort((a, b) => b.score - a.score || a.index - b.index)
      .slice(0, k);
  }

  /**
   * Topics nearest in meaning to the question's vector, best first: score = the best cosine of
   * the topic's vectors, or, for a classifier, the topic's probability.
   */
  matchVector(vector: Float32Array, topicVectors: TopicVectors, k = 5): TopicMatch[] {
    const { dims, vectors, owners, bias, center, centerFloor } = topicVectors;
    if (vector.length !== dims)
      throw new RangeError(`query vector has ${vector.length} dimensions but the topic vectors have ${dims}; embed the question with the index's embedder`);
    // The question's vector is unit length, as every vector search takes it.
    if (bias && center && centerFloor !== undefined) {
      let c = 0;
      for (let d = 0; d < dims; d++) c += vector[d]! * center[d]!;
      if (c < centerFloor) return [];
    }
    const best = new Float32Array(this.topics.length).fill(-Infinity);
    for (let v = 0; v < owners.length; v++) {
      let dot = 0;
      const base = v * dims;
      for (let d = 0; d < dims; d++) dot += vector[d]! * vectors[base + d]!;
      const owner = owners[v]!;
      if (owner >= best.length) continue;
      const score = bias ? dot + bias[v]! : dot;
      if (score > best[owner]!) best[owner] = score;
    }
    if (bias) softmaxInPlace(best);
    const order = [...best.keys()].filter((i) => best[i]! > -Infinity).sort((a, b) => best[b]! - best[a]! || a - b);
    return order.slice(0, k).map((i) => ({ topic: this.topics[i]!, index: i, score: best[i]!, via: 'meaning' as const }));
  }
}

/** Logits → probabilities; a topic without a vector (-Infinity) keeps probability 0 and stays out. */
function softmaxInPlace(z: Float32Array): void {
  let max = -Infinity;
  for (const x of z) if (x > max) max = x;
  if (max === -Infinity) return;
  let sum = 0;
  for (let i = 0; i < z.length; i++) if (z[i] !== -Infinity) sum += Math.exp(z[i]! - max);
  for (let i = 0; i < z.length; i++) if (z[i] !== -Infinity) z[i] = Math.exp(z[i]! - max) / sum;
}
