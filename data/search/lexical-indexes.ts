/**
 * One BM25 index per text track, built on first use (translations load lazily, and an
 * index is only worth building for a language someone searches in).
 */
import { VERSE_COUNT, type Corpus } from '../corpus/corpus.js';
import { CorpusError } from '../corpus/corpus-error.js';
import { Bm25Index, type Bm25Params } from './bm25-index.js';
import { createArabicAnalyzer } from './arabic-analyzer.js';
import { createEnglishAnalyzer } from './english-analyzer.js';
import { createTranslationAnalyzer } from './translation-analyzer.js';
import type { SearchTrack } from './language-detect.js';
import type { TextAnalyzer } from './text-analyzer.js';

export function analyzerForTrack(track: SearchTrack): TextAnalyzer {
  if (track === 'arabic-search') return createArabicAnalyzer();
  if (track === 'en') return createEnglishAnalyzer();
  return createTranslationAnalyzer(track);
}

export class LexicalIndexes {
  readonly #corpus: Corpus;
  readonly #params: Bm25Params;
  readonly #built = new Map<SearchTrack, Bm25Index>();

  constructor(corpus: Corpus, params: Bm25Params) {
    this.#corpus = corpus;
    this.#params = params;
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
  get(track: SearchTrack): Bm25Index {
    let index = this.#built.get(track);
    if (!index) {
      if (!this.isLoaded(track)) {
        throw new CorpusError('missing-part', `searching this query needs the "${track}" translation; load it with corpus.addTrack("${track}", file) first (engine.requiredTrack tells which)`);
      }
      index = Bm25Index.build(this.#corpus.trackTexts(track), analyzerForTrack(track), this.#params, { groups: this.#surahOfVerse() });
      this.#built.set(track, index);
    }
    return index;
  }
}
