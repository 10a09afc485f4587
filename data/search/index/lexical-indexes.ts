/**
 * One lexical index per text track, built on first use (translations load lazily, and an
 * index is only worth building for a language someone searches in). Arabic gets a blend of
 * a light-stem, a root and a character n-gram index (measured: better than any one alone on
 * Qur'an QA Task A train and QUQA; ADR 0006).
 * Once the Arabic verse explanation is loaded (after the first results), the Arabic stem and root
 * indexes are built again with each verse's words, its explanation's and the explanation's search
 * words (document expansion; measured on Qur'an QA Task A train and QUQA, ADRs 0030 and 0035); the
 * n-grams keep the verse alone.
 * A track's index can also be restored from a snapshot of an earlier build (lexical-snapshot.ts)
 * when the snapshot's key matches this corpus version, track, analyzers (by id and by a
 * fingerprint of their output, analyzer-fingerprint.ts) and BM25 params.
 */

export interface LexicalIndexOptions {
  readonly bm25: Bm25Params;
  /** Weight of the Arabic root index against the light-stem index; 0 leaves it out. */
  readonly arabicRootWeight: number;
  /** Weight of the Arabic character n-gram index against the light-stem index; 0 leaves it out. */
  readonly arabicNgramWeight: number;
  /**
   * Index a verse explanation, once loaded, with each verse of the track in its language (Arabic:
   * the stem and root parts). Default false.
   */
  readonly explanations?: boolean;
}
import { TRANSLATION_LANGS, TRANSLITERATION_KEY, type ExplanationLang } from '../../corpus/corpus-types.js';
import { EXPLANATION_OF_TRACK } from '../searched-explanations.js';
import { VERSE_COUNT, type Corpus } from '../../corpus/corpus.js';
import { CorpusError } from '../../corpus/corpus-error.js';
import { Bm25Index, type Bm25Params } from './bm25-index.js';
import { createArabicAnalyzer, createArabicRootAnalyzer } from '../analysis/arabic-analyzer.js';
import { createArabicNgramAnalyzer } from '../analysis/arabic-ngram-analyzer.js';
import { analyzerFingerprint } from '../analysis/analyzer-fingerprint.js';
import { ANALYZER_SAMPLES } from '../analysis/analyzer-samples.js';
import { BlendedIndex, type LexicalSearcher } from './blended-index.js';
import { SectionEvidence } from '../ranking/section-evidence.js';
import { decodeLexicalSnapshot, encodeLexicalSnapshot, LEXICAL_SNAPSHOT_FORMAT, LexicalSnapshotError, readLexicalSnapshotHeader } from './lexical-snapshot.js';
import { createEnglishAnalyzer } from '../analysis/english-analyzer.js';
import { createTranslationAnalyzer } from '../analysis/translation-analyzer.js';
import { createTransliterationAnalyzer } from '../analysis/transliteration-analyzer.js';
import type { SearchTrack } from '../query/language-detect.js';
import type { TextAnalyzer } from '../analysis/text-analyzer.js';
import { normalizeArabic } from '../../arabic/arabic-normalize.js';
import { manifestEntry } from '../../corpus/corpus-parts.js';

export function analyzerForTrack(track: SearchTrack): TextAnalyzer {
  if (track === 'arabic-search') return createArabicAnalyzer();
  if (track === 'en') return createEnglishAnalyzer();
  if (track === 'translit') return createTransliterationAnalyzer();
  return createTranslationAnalyzer(track);
}

/** Where a track's index came from. */
export type IndexOrigin = 'built' | 'restored';

/** The answer to `offerSnapshot`: a refused snapshot is never used (the index is built instead). */
export type SnapshotOffer = { readonly accepted: true; readonly track: SearchTrack } | { readonly accepted: false; readonly reason: string };

const SEARCH_TRACKS: readonly SearchTrack[] = ['arabic-search', TRANSLITERATION_KEY, ...TRANSLATION_LANGS];

/**
 * Verses re-analysed when restoring: a snapshot whose terms differ from what today's analyzer
 * makes of them was built by other analyzer code under the same id, and is refused.
 */
const SPOT_CHECKS = 16;

interface TrackIndex {
  readonly searcher: LexicalSearcher;
  /** The BM25 indexes inside `searcher`, in blend order. */
  readonly parts: readonly Bm25Index[];
  readonly origin: IndexOrigin;
  /** Built with the verse explanation (a track that has one). */
  readonly explained: boolean;
  /** Ruku-level indexes merged from the word parts, made on first use. */
  sections?: SectionEvidence;
}

interface PartSpec {
  readonly analyzer: TextAnalyzer;
  readonly weight: number;
  /** Re-ranks only (BlendPart.soft). */
  readonly soft?: boolean;
  /** Indexes each verse with its explanation, when one is loaded. */
  readonly explained?: boolean;
}

export class LexicalIndexes {
  readonly #corpus: Corpus;
  readonly #options: LexicalIndexOptions;
  readonly #built = new Map<SearchTrack, TrackIndex>();
  /** Accepted snapshots, restored on the track's first use. */
  readonly #offered = new Map<SearchTrack, Uint8Array>();
  /** Fingerprints of each track's analyzers, in blend order, computed on first need. */
  readonly #fingerprints = new Map<SearchTrack, readonly string[]>();

  constructor(corpus: Corpus, options: LexicalIndexOptions) {
    this.#corpus = corpus;
    this.#options = options;
  }

  #surahs: Uint8Array | undefined;
  /** Surah of each verse index, so neighbour smoothing stays inside a surah. */
  #surahOfVerse(): Uint8Array {
    if (!this.#surahs) {
      this.#surahs = new Uint8Array(VERSE_COUNT);
      for (const s of this.#corpus.surahs) this.#surahs.fill(s.number, s.firstVerseIndex, s.firstVerseIndex + s.verseCount);
    }
    return this.#surahs;
  }

  /** The analyzers (with blend weights) a track's index is made of. */
  #parts(track: SearchTrack): PartSpec[] {
    const parts: PartSpec[] = [{ analyzer: analyzerForTrack(track), weight: 1, ...(EXPLANATION_OF_TRACK[track] ? { explained: true } : {}) }];
    if (track !== 'arabic-search') return parts;
    const { arabicRootWeight, arabicNgramWeight } = this.#options;
    if (arabicRootWeight > 0) parts.push({ analyzer: createArabicRootAnalyzer(), weight: arabicRootWeight, explained: true });
    if (arabicNgramWeight > 0) parts.push({ analyzer: createArabicNgramAnalyzer(), weight: arabicNgramWeight, soft: true });
    return parts;
  }

  isLoaded(track: SearchTrack): boolean {
    return track === 'arabic-search' || this.#corpus.hasTrack(track);
  }

  /** Built and current (an Arabic index built before the explanation loaded is built again on its next use). */
  isBuilt(track: SearchTrack): boolean {
    return this.#current(track) !== undefined;
  }

  /** Whether the track's index was built from its texts or restored from a snapshot; undefined before first use. */
  origin(track: SearchTrack): IndexOrigin | undefined {
    return this.#current(track)?.origin;
  }

  #current(track: SearchTrack): TrackIndex | undefined {
    const entry = this.#built.get(track);
    return entry && entry.explained === this.#explanationUsed(track) ? entry : undefined;
  }

  /**
   * What a snapshot of `track` must carry to be used: the snapshot format, the corpus version,
   * the track, its analyzers (id, fingerprint) and blend weights, and the BM25 params.
   */
  snapshotKey(track: SearchTrack): string {
    const { k1, b } = this.#options.bm25;
    const specs = this.#parts(track);
    const fingerprints = this.#analyzerFingerprints(track, specs);
    return JSON.stringify({
      format: LEXICAL_SNAPSHOT_FORMAT,
      corpus: this.#corpus.version,
      track,
      verses: VERSE_COUNT,
      bm25: [k1, b],
      parts: specs.map((p, i) => [p.analyzer.id, p.weight, fingerprints[i], p.explained === true]),
      explanation: this.#explanationUsed(track) ? manifestEntry(this.#corpus.manifest, `explanation-${EXPLANATION_OF_TRACK[track]!}`).sha256 : null,
    });
  }

  /** Whether `track`'s index is (to be) built with the verse explanation: a track that has one, switched on, and loaded. */
  #explanationUsed(track: SearchTrack): boolean {
    const lang = EXPLANATION_OF_TRACK[track];
    return lang !== undefined && this.#options.explanations === true && this.#corpus.hasExplanation(lang);
  }

  /** Each part's documents: the verses, or for an explained part each verse with its explanation. */
  #partTexts(track: SearchTrack, specs: readonly PartSpec[]): (readonly string[])[] {
    const verses = this.#corpus.trackTexts(track);
    const lang = EXPLANATION_OF_TRACK[track];
    if (!lang || !this.#explanationUsed(track)) return specs.map(() => verses);
    let explained = this.#explainedTexts.get(lang);
    if (!explained) {
      const fold = lang === 'ar' ? normalizeArabic : (e: string) => e;
      const terms = this.#corpus.explanationSearchTerms(lang);
      explained = this.#corpus.explanationTexts(lang)!.map((e, i) => `${verses[i]} ${fold(e)}${terms ? ` ${fold(terms[i]!)}` : ''}`);
      this.#explainedTexts.set(lang, explained);
    }
    return specs.map((s) => (s.explained ? explained : verses));
  }

  readonly #explainedTexts = new Map<ExplanationLang, readonly string[]>();

  #analyzerFingerprints(track: SearchTrack, specs: readonly PartSpec[]): readonly string[] {
    let fingerprints = this.#fingerprints.get(track);
    if (!fingerprints) {
      fingerprints = specs.map((p) => analyzerFingerprint(p.analyzer, ANALYZER_SAMPLES[track]));
      this.#fingerprints.set(track, fingerprints);
    }
    return fingerprints;
  }

  /**
   * Offer a snapshot of an earlier build. Accepted when its key matches (it is then restored on
   * the track's first use, and built after all if it turns out unreadable); refused otherwise.
   */
  offerSnapshot(bytes: Uint8Array): SnapshotOffer {
    let header;
    try {
      header = readLexicalSnapshotHeader(bytes);
    } catch (e) {
      if (e instanceof LexicalSnapshotError) return { accepted: false, reason: e.message };
      throw e;
    }
    const track = SEARCH_TRACKS.find((t) => t === header.track);
    if (!track) return { accepted: false, reason: `snapshot is of an unknown track "${header.track}"` };
    const current = this.#current(track);
    if (current) return { accepted: false, reason: `the ${track} index is already ${current.origin}` };
    if (header.key !== this.snapshotKey(track))
      return { accepted: false, reason: `snapshot of ${track} was made for ${header.key}, not ${this.snapshotKey(track)}` };
    this.#offered.set(track, bytes);
    return { accepted: true, track };
  }

  /** A snapshot of `track`'s index (built now if needed) for `offerSnapshot` on a later visit. */
  snapshot(track: SearchTrack): Uint8Array {
    this.get(track);
    const { parts } = this.#current(track)!;
    return encodeLexicalSnapshot(
      track,
      this.snapshotKey(track),
      parts.map((p) => p.data()),
    );
  }

  /**
   * The track's ruku-level evidence (section-evidence.ts), merged from its word parts (not the
   * soft n-grams, which only re-rank) with their blend weights; built on first use.
   */
  sections(track: SearchTrack): SectionEvidence {
    this.get(track);
    const entry = this.#current(track)!;
    if (!entry.sections) {
      const specs = this.#parts(track);
      const rukuOf = this.#corpus.rukuOfVerse();
      const parts = entry.parts.flatMap((index, i) => (specs[i]!.soft ? [] : [{ index: Bm25Index.mergeDocuments(index, rukuOf), weight: specs[i]!.weight }]));
      entry.sections = new SectionEvidence(parts, rukuOf);
    }
    return entry.sections;
  }

  /** The index of `track`, restored or built now if needed; throws when its text is not loaded. */
  get(track: SearchTrack): LexicalSearcher {
    let entry = this.#current(track);
    if (!entry) {
      if (!this.isLoaded(track)) {
        throw new CorpusError(
          'missing-part',
          `searching this query needs the "${track}" translation; load it with corpus.addTrack("${track}", file) first (engine.requiredTrack tells which)`,
        );
      }
      const specs = this.#parts(track);
      const texts = this.#partTexts(track, specs);
      const explained = this.#explanationUsed(track);
      const parts = this.#restore(track, texts, specs);
      entry = parts
        ? { searcher: searcherOf(parts, specs), parts, origin: 'restored', explained }
        : (() => {
            const built = specs.map((s, i) => Bm25Index.build(texts[i]!, s.analyzer, this.#options.bm25, { surahs: this.#surahOfVerse() }));
            return { searcher: searcherOf(built, specs), parts: built, origin: 'built' as const, explained };
          })();
      this.#built.set(track, entry);
    }
    return entry.searcher;
  }

  /** The offered snapshot of `track` as indexes, or undefined when there is none or it does not hold up. */
  #restore(track: SearchTrack, texts: readonly (readonly string[])[], specs: readonly PartSpec[]): Bm25Index[] | undefined {
    const bytes = this.#offered.get(track);
    if (!bytes) return undefined;
    this.#offered.delete(track);
    try {
      const snapshot = decodeLexicalSnapshot(bytes);
      if (snapshot.header.key !== this.snapshotKey(track) || snapshot.parts.length !== specs.length) return undefined;
      const parts = snapshot.parts.map((data, i) => Bm25Index.restore(data, specs[i]!.analyzer, this.#options.bm25, { surahs: this.#surahOfVerse() }));
      if (parts.some((p, i) => p.stats.docCount !== texts[i]!.length)) return undefined;
      for (let i = 0; i < SPOT_CHECKS; i++) {
        const d = Math.floor((i * VERSE_COUNT) / SPOT_CHECKS);
        if (!parts.every((p, j) => p.analyzesLike(d, texts[j]![d]!))) return undefined;
      }
      return parts;
    } catch (e) {
      // Unreadable or inconsistent bytes: build instead, like a cache miss.
      if (e instanceof LexicalSnapshotError || e instanceof RangeError) return undefined;
      throw e;
    }
  }
}

function searcherOf(parts: readonly Bm25Index[], specs: readonly PartSpec[]): LexicalSearcher {
  return parts.length === 1 ? parts[0]! : new BlendedIndex(parts.map((index, i) => ({ index, weight: specs[i]!.weight, soft: specs[i]!.soft === true })));
}
