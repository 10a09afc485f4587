/**
 * One lexical index per text track, built on first use (translations load lazily, and an
 * index is only worth building for a language someone searches in). Arabic gets a blend of
 * a light-stem and a root index (measured: better than either alone on Qur'an QA Task A train).
 */

export interface LexicalIndexOptions {
  readonly bm25: Bm25Params;
  /** Weight of the Arabic root index against the light-stem index; 0 leaves it out. */
  readonly arabicRootWeight: number;
}
import { VERSE_COUNT, type Corpus } from '../corpus/corpus.js';
import { CorpusError } from '../corpus/corpus-error.js';
import { Bm25Index, type Bm25Params } from './bm25-index.js';
import { createArabicAnalyzer, createArabicRootAnalyzer } from './arabic-analyzer.js';
import { BlendedIndex, type LexicalSearcher } from './blended-index.js';
import { createEnglishAnalyzer } from './english-analyzer.js';
import { createTranslationAnalyzer } from './translation-analyzer.js';
import { createTransliterationAnalyzer } from './transliteration-analyzer.js';
import type { SearchTrack } from './language-detect.js';
import type { TextAnalyzer } from './text-analyzer.js';

export function analyzerForTrack(track: SearchTrack): TextAnalyzer {
  if (track === 'arabic-search') return createArabicAnalyzer();
  if (track === 'en') return createEnglishAnalyzer();
  if (track === 'translit') return createTransliterationAnalyzer();
  return createTranslationAnalyzer(track);
}

export class LexicalIndexes {
  readonly #corpus: Corpus;
  readonly #options: LexicalIndexOptions;
  readonly #built = new Map<SearchTrack, LexicalSearcher>();

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

  isLoaded(track: SearchTrack): boolean {
    return track === 'arabic-search' || this.#corpus.hasTrack(track);
  }

  isBuilt(track: SearchTrack): boolean {
    return this.#built.has(track);
  }

  /** The index of `track`, built now if needed; throws when its text is not loaded. */
  get(track: SearchTrack): LexicalSearcher {
    let index = this.#built.get(track);
    if (!index) {
      if (!this.isLoaded(track)) {
        throw new CorpusError('missing-part', `searching this query needs the "${track}" translation; load it with corpus.addTrack("${track}", file) first (engine.requiredTrack tells which)`);
      }
      const texts = this.#corpus.trackTexts(track);
      const build = (analyzer: TextAnalyzer) => Bm25Index.build(texts, analyzer, this.#options.bm25, { groups: this.#surahOfVerse() });
      const rootWeight = this.#options.arabicRootWeight;
      index =
        track === 'arabic-search' && rootWeight > 0
          ? new BlendedIndex([
              { index: build(analyzerForTrack(track)), weight: 1 },
              { index: build(createArabicRootAnalyzer()), weight: rootWeight },
            ])
          : build(analyzerForTrack(track));
      this.#built.set(track, index);
    }
    return index;
  }
}
